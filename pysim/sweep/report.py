"""The report's pictures and page: outcome shares, histograms of the main counts, per-trap
hit rates (PNG, matplotlib with the Agg backend: no display needed), and index.html showing
them with the summary table. Same data, same bytes: PNG metadata carries no date."""
import html
import math
import os


PNG_META = {"Software": None}
MAIN_COUNTS = ("adv_killed", "adv_knocked_out", "adv_captured", "minions_lost",
               "traps_triggered", "first_breach_h")


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _save(fig, folder, name):
    path = os.path.join(folder, name)
    fig.savefig(path, dpi=80, metadata=PNG_META)
    return name


def _share_bars(ax, labels, summaries, colour):
    ys = list(range(len(labels)))[::-1]
    shares = [100 * s["share"] for s in summaries]
    # Clamped: rounding can put the share a hair outside its own interval at 0% and 100%.
    err_lo = [max(0.0, 100 * (s["share"] - s["lo"])) for s in summaries]
    err_hi = [max(0.0, 100 * (s["hi"] - s["share"])) for s in summaries]
    ax.barh(ys, shares, xerr=[err_lo, err_hi], color=colour, capsize=3)
    ax.set_yticks(ys)
    ax.set_yticklabels(labels)
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of runs (bars: 95% Wilson interval)")
    for y, v, s in zip(ys, shares, summaries):
        # beside the interval's end, or inside the bar when that end is near 100%
        if 100 * s["hi"] < 88:
            ax.text(100 * s["hi"] + 1.5, y, "%.0f%%" % v, va="center", fontsize=8)
        else:
            ax.text(v - 2, y, "%.0f%%" % v, va="center", ha="right", fontsize=8, color="white")


def plot_outcomes(summary, folder):
    labels, rows = [], []
    for col, by_label in summary["labels"].items():
        for label, s in by_label.items():
            labels.append(label if len(summary["labels"]) == 1 else "%s: %s" % (col, label))
            rows.append(s)
    shown = {"party_" + label for by_label in summary["labels"].values() for label in by_label}
    for col, s in summary["rates"].items():
        # party_beaten and the like repeat an outcome share already drawn
        if s["n"] and col not in shown:
            labels.append(col)
            rows.append(s)
    if not rows:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 0.45 * len(rows) + 1.2))
    _share_bars(ax, labels, rows, "#5b7fa6")
    ax.set_title("Outcomes")
    fig.tight_layout()
    name = _save(fig, folder, "outcomes.png")
    plt.close(fig)
    return name


def plot_counts(table, folder):
    cols = [c for c in MAIN_COUNTS if table.kinds.get(c) == "count"]
    cols += [c for c, k in table.kinds.items() if k == "count" and c not in cols]
    # Counts that never moved (all zero: e.g. events the game does not emit yet) are left out.
    cols = [c for c in cols if any(v not in (None, 0) for v in table.column(c))]
    if not cols:
        return None
    plt = _pyplot()
    ncol = 3
    nrow = int(math.ceil(len(cols) / ncol))
    fig, axes = plt.subplots(nrow, ncol, figsize=(9, 2.4 * nrow), squeeze=False)
    for i, ax in enumerate(axes.flat):
        if i >= len(cols):
            ax.axis("off")
            continue
        vals = [float(v) for v in table.column(cols[i]) if v is not None]
        whole = all(v.is_integer() for v in vals)
        if whole:
            lo, hi = int(min(vals)), int(max(vals))
            bins = [b - 0.5 for b in range(lo, hi + 2)]
        else:
            bins = 20
        ax.hist(vals, bins=bins, color="#8a6fa8")
        ax.set_title("%s (%d runs)" % (cols[i], len(vals)), fontsize=9)
        if whole:
            from matplotlib.ticker import MaxNLocator
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.tick_params(labelsize=8)
    fig.tight_layout()
    name = _save(fig, folder, "counts.png")
    plt.close(fig)
    return name


def plot_traps(summary, folder):
    traps = summary["traps"]
    if not traps:
        return None
    plt = _pyplot()
    labels = [c.split(".", 1)[1] for c in traps]
    fig, ax = plt.subplots(figsize=(6.4, 0.45 * len(labels) + 1.2))
    _share_bars(ax, labels, [s["hit"] for s in traps.values()], "#b5704f")
    ax.set_title("Trap mechanisms: share of runs with at least one hit")
    fig.tight_layout()
    name = _save(fig, folder, "traps.png")
    plt.close(fig)
    return name


def write(folder, table, summary, title, text):
    """All plots and index.html; returns the picture file names."""
    pics = [p for p in (plot_outcomes(summary, folder), plot_counts(table, folder),
                        plot_traps(summary, folder)) if p]
    body = ["<!doctype html>", "<html><head><meta charset='utf-8'>",
            "<title>%s</title>" % html.escape(title),
            "<style>body{font-family:sans-serif;margin:2em}pre{background:#f4f4f4;padding:1em}"
            "img{max-width:100%;display:block;margin:1em 0}</style></head><body>",
            "<h1>%s</h1>" % html.escape(title),
            "<pre>%s</pre>" % html.escape(text)]
    for p in pics:
        body.append("<img src='%s' alt='%s'>" % (html.escape(p), html.escape(p)))
    body.append("<p>Per-seed rows: <a href='runs.csv'>runs.csv</a></p></body></html>")
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write("\n".join(body) + "\n")
    return pics
