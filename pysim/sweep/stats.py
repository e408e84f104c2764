"""The numbers a designer reads: each rate with its 95% Wilson interval, each count with its
median and 90% range, each outcome label with its share; and the terminal table."""
import math

from pysim.sweep.metrics import is_missing

Z95 = 1.959963984540054


def wilson(successes, n, z=Z95):
    """95% Wilson score interval (lo, hi) for successes out of n; (nan, nan) when n is 0.
    Unlike the normal approximation it stays inside [0, 1] and is sensible at 0 or n."""
    if n <= 0:
        return (float("nan"), float("nan"))
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantile(sorted_values, q):
    """Linear-interpolation quantile (numpy's default) of an already sorted list."""
    if not sorted_values:
        return float("nan")
    pos = (len(sorted_values) - 1) * q
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def rate_summary(values):
    vals = [v for v in values if not is_missing(v)]
    k = sum(1 for v in vals if v)
    lo, hi = wilson(k, len(vals))
    return {"n": len(vals), "k": k, "share": k / len(vals) if vals else float("nan"),
            "lo": lo, "hi": hi}


def count_summary(values):
    vals = sorted(float(v) for v in values if not is_missing(v))
    return {"n": len(vals), "median": quantile(vals, 0.5), "p5": quantile(vals, 0.05),
            "p95": quantile(vals, 0.95), "mean": sum(vals) / len(vals) if vals else float("nan"),
            "max": vals[-1] if vals else float("nan")}


def label_summary(values):
    vals = [v for v in values if not is_missing(v) and v != ""]
    out = {}
    for label in sorted(set(vals)):
        k = sum(1 for v in vals if v == label)
        lo, hi = wilson(k, len(vals))
        out[label] = {"n": len(vals), "k": k, "share": k / len(vals), "lo": lo, "hi": hi}
    return out


def summarise(table):
    """{"rates": {col: ...}, "counts": {col: ...}, "labels": {col: {label: ...}},
    "traps": {col: {"hit": rate summary of hits > 0, "hits": count summary}}} from a
    store.Table (columns with their metric kinds)."""
    out = {"rates": {}, "counts": {}, "labels": {}, "traps": {}}
    for col, kind in table.kinds.items():
        values = table.column(col)
        if kind == "rate":
            out["rates"][col] = rate_summary(values)
        elif kind == "count":
            out["counts"][col] = count_summary(values)
        elif kind == "label":
            out["labels"][col] = label_summary(values)
        elif kind == "per_trap":
            hit = [None if is_missing(v) else int(float(v) > 0) for v in values]
            out["traps"][col] = {"hit": rate_summary(hit), "hits": count_summary(values)}
    return out


def pct(x):
    return "  -  " if math.isnan(x) else "%.1f%%" % (100 * x)


def num(x):
    if math.isnan(x):
        return "-"
    return "%d" % x if float(x).is_integer() else "%.2f" % x


def text_table(summary, title):
    """The summary as fixed-width text for the terminal and summary.txt."""
    lines = [title, ""]
    for col, labels in summary["labels"].items():
        lines.append("%-24s %7s  %-17s %s" % (col, "share", "95% CI", "runs"))
        for label, s in labels.items():
            ci = "[%s, %s]" % (pct(s["lo"]), pct(s["hi"]))
            lines.append("  %-22s %7s  %-17s %d/%d" % (label, pct(s["share"]), ci, s["k"], s["n"]))
        lines.append("")
    if summary["rates"]:
        lines.append("%-24s %7s  %-17s %s" % ("rate", "share", "95% CI", "runs"))
        for col, s in summary["rates"].items():
            ci = "[%s, %s]" % (pct(s["lo"]), pct(s["hi"]))
            lines.append("  %-22s %7s  %-17s %d/%d" % (col, pct(s["share"]), ci, s["k"], s["n"]))
        lines.append("")
    if summary["counts"]:
        lines.append("%-24s %7s  %-17s %7s  %s" % ("count", "median", "90% range", "mean", "runs"))
        for col, s in summary["counts"].items():
            rng = "[%s, %s]" % (num(s["p5"]), num(s["p95"]))
            lines.append("  %-22s %7s  %-17s %7s  %d" % (col, num(s["median"]), rng,
                                                          num(s["mean"]), s["n"]))
        lines.append("")
    if summary["traps"]:
        lines.append("%-24s %7s  %-17s %7s" % ("trap (hit in a run)", "share", "95% CI", "mean hits"))
        for col, s in summary["traps"].items():
            h = s["hit"]
            ci = "[%s, %s]" % (pct(h["lo"]), pct(h["hi"]))
            label = col.split(".", 1)[1]
            lines.append("  %-22s %7s  %-17s %7s" % (label, pct(h["share"]), ci, num(s["hits"]["mean"])))
        lines.append("")
    return "\n".join(lines)
