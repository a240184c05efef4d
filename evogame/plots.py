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
    ax.legend()
    fig.tight_layout()
    return fig


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
    for i, name in enumerate(labels):
        ax.annotate(name, xy[i], fontsize=7, xytext=(3, 3), textcoords="offset points")
    ax.set_title("family map: structural distance d_s in two dimensions (colour = family)")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    return fig


def _mds(d: np.ndarray) -> np.ndarray:
    """Classical (Torgerson) MDS to 2 dimensions."""
    n = d.shape[0]
    j = np.eye(n) - np.ones((n, n)) / n
    b = -0.5 * j @ (d**2) @ j
    vals, vecs = np.linalg.eigh(b)
    order = np.argsort(vals)[::-1][:2]
    return vecs[:, order] * np.sqrt(np.maximum(vals[order], 0.0))
