"""The campaign's figures (matplotlib, Agg back end): written as PNG files by
`evogame show` and embedded in the page of `evogame report`."""

from __future__ import annotations

import base64
import io

import numpy as np


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def png_bytes(fig, dpi: int = 110) -> bytes:
    """The figure as PNG bytes; the figure is closed."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    _plt().close(fig)
    return buf.getvalue()


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def fitness_figure(log: list[dict]):
    """Best and mean fitness of the population (or archive) by generation."""
    plt = _plt()
    gens = [e["generation"] for e in log]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(gens, [e["best"] for e in log], marker=".", label="best")
    ax.plot(gens, [e["mean"] for e in log], marker=".", label="population mean")
    ax.set_xlabel("generation")
    ax.set_ylabel("fitness (0-1)")
    ax.set_ylim(0, 1)
    _integer_generations(ax)
    ax.legend()
    fig.tight_layout()
    return fig


def _integer_generations(ax) -> None:
    """Generations are whole numbers: ticks only at integers (never 0.25, 0.5 ...)."""
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def archive_figure(archive):
    """The MAP-Elites heatmap: the best fitness over game length x moves per decision
    (the other descriptors folded in), with a colour bar."""
    from evogame.evolve.archive import DESCRIPTORS

    plt = _plt()
    ix, iy = archive.names.index("length"), archive.names.index("branching")
    grid = np.full((archive.dims[iy], archive.dims[ix]), np.nan)
    for cell, _h, fit, _d in archive.elites():
        x, y = cell[ix], cell[iy]
        grid[y, x] = fit if np.isnan(grid[y, x]) else max(grid[y, x], fit)
    fig, ax = plt.subplots(figsize=(6.5, 4))
    xe, ye = archive.bin_edges(ix), archive.bin_edges(iy)
    mesh = ax.pcolormesh(10**xe, 2**ye, grid, vmin=0, vmax=1, cmap="viridis", shading="flat")
    ax.set_xscale("log")
    ax.set_yscale("log", base=2)
    ax.set_xlabel(f"game length: {DESCRIPTORS['length'][0].replace('log10 ', '')} (log scale)")
    ax.set_ylabel(f"{DESCRIPTORS['branching'][0].replace('log2 ', '')} (log scale)")
    ax.set_title("MAP-Elites archive: best fitness per cell (seats and agency folded)")
    fig.colorbar(mesh, ax=ax, label="fitness of the best game in the cell")
    fig.tight_layout()
    return fig


def qd_figure(log: list[dict]):
    """QD-score (sum of the elites' fitness) and occupied cells by generation."""
    plt = _plt()
    gens = [e["generation"] for e in log]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(gens, [e.get("qd_score", 0.0) for e in log], label="QD-score (sum of elite fitness)")
    ax.set_xlabel("generation")
    ax.set_ylabel("QD-score")
    _integer_generations(ax)
    ax2 = ax.twinx()
    ax2.plot(gens, [e.get("elites", 0) for e in log], color="tab:orange", label="occupied cells")
    ax2.set_ylabel("occupied cells")
    fig.legend(loc="upper left", bbox_to_anchor=(0.12, 0.95))
    fig.tight_layout()
    return fig


def family_map_figure(labels: list[str], d: np.ndarray, kinds: list[str], family: list[int]):
    """Games placed in the plane by classical multidimensional scaling of their distance
    matrix `d` (near = similar rules); colour = family, marker = seed or candidate."""
    plt = _plt()
    n = len(labels)
    xy = _mds(d) if n > 2 else np.column_stack([np.arange(n, dtype=float), np.zeros(n)])
    fig, ax = plt.subplots(figsize=(7, 5))
    cmap = plt.get_cmap("tab10")
    for kind, marker in (("seed", "s"), ("candidate", "o")):
        idx = [i for i in range(n) if kinds[i] == kind]
        if idx:
            ax.scatter(
                xy[idx, 0],
                xy[idx, 1],
                c=[cmap((family[i] - 1) % 10) for i in idx],
                marker=marker,
                s=60 if kind == "candidate" else 45,
                edgecolors="black",
                linewidths=0.5,
                label=f"{kind}s",
            )
    ax.set_title("family map: structural distance d_s in two dimensions (colour = family)")
    ax.set_xticks([])
    ax.set_yticks([])
    _pad_limits(ax, xy)
    fig.canvas.draw()  # fixes the layout, so data map to display points as they will be drawn
    at = ax.transData.transform(xy) * 72.0 / fig.dpi  # display pixels -> points
    sizes = [label_size(name, LABEL_FONT) for name in labels]
    offsets = place_labels(at, sizes, radius=5.0)
    for i, name in enumerate(labels):
        dx, dy = offsets[i]
        far = abs(dx) + abs(dy) > 14  # a label pushed away gets a leader line to its point
        ax.annotate(
            name,
            xy[i],
            xytext=(dx, dy),
            textcoords="offset points",
            fontsize=LABEL_FONT,
            ha="left",
            va="bottom",
            arrowprops={"arrowstyle": "-", "lw": 0.4, "color": "grey"} if far else None,
        )
    ax.legend(loc="best", fontsize=8)
    return fig


#: the family map's label font size (points)
LABEL_FONT = 7


def _pad_limits(ax, xy: np.ndarray) -> None:
    """Axis limits with a margin of a quarter of the spread (room for the labels), fixed
    before the labels are placed; the layout is set here too, so nothing moves later."""
    lo, hi = xy.min(axis=0), xy.max(axis=0)
    span = np.where(hi - lo > 0, hi - lo, 1.0)
    ax.set_xlim(lo[0] - 0.25 * span[0], hi[0] + 0.25 * span[0])
    ax.set_ylim(lo[1] - 0.25 * span[1], hi[1] + 0.25 * span[1])
    ax.figure.tight_layout()


def label_size(text: str, font: float) -> tuple[float, float]:
    """A label's box (width, height) in points: 0.62 em per character (a generous mean
    advance of DejaVu Sans), 1.25 em high, plus 1 point each side."""
    return 0.62 * font * len(text) + 2.0, 1.25 * font + 2.0


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether boxes (x0, y0, x1, y1) overlap (touching is not overlapping)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(
    at: np.ndarray, sizes: list[tuple[float, float]], radius: float = 5.0
) -> list[tuple[float, float]]:
    """Offsets (dx, dy), in points, of the lower-left corners of labels from their points
    `at` (n x 2, in points), so that no two label boxes overlap and no box covers a
    point's marker (a square of side 2 `radius`). Greedy, in order: each label takes the
    first free place on rings of 8 positions (right, above, left, below, the corners) at
    distances radius + 3k points, k = 0, 1, ...; the rings grow until one is free, so a
    place is always found (far enough out, nothing is in the way)."""
    markers = [(x - radius, y - radius, x + radius, y + radius) for x, y in at]
    placed: list[tuple[float, float, float, float]] = []
    out: list[tuple[float, float]] = []
    for (x, y), (w, h) in zip(at, sizes, strict=True):
        k = 0
        while True:
            r = radius + 1.0 + 3.0 * k
            candidates = [
                (r, -h / 2),  # right, centred
                (-w / 2, r),  # above
                (-w - r, -h / 2),  # left
                (-w / 2, -h - r),  # below
                (r, r),
                (-w - r, r),
                (-w - r, -h - r),
                (r, -h - r),
            ]
            free = None
            for dx, dy in candidates:
                box = (x + dx, y + dy, x + dx + w, y + dy + h)
                if not any(_overlap(box, b) for b in placed) and not any(
                    _overlap(box, m) for m in markers
                ):
                    free = (dx, dy, box)
                    break
            if free is not None:
                placed.append(free[2])
                out.append((free[0], free[1]))
                break
            k += 1
    return out


def _mds(d: np.ndarray) -> np.ndarray:
    """Classical (Torgerson) MDS to 2 dimensions."""
    n = d.shape[0]
    j = np.eye(n) - np.ones((n, n)) / n
    b = -0.5 * j @ (d**2) @ j
    vals, vecs = np.linalg.eigh(b)
    order = np.argsort(vals)[::-1][:2]
    return vecs[:, order] * np.sqrt(np.maximum(vals[order], 0.0))
