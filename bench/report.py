"""Derived figures (GFLOP/s, GB/s, fraction of the read bandwidth, ratios,
targets) and the printed table."""

PEER_COLUMNS = ("scipy", "torch", "numpy", "mkl", "graphblas")


def derive(row, bandwidth_gbs):
    """Fill in the rates, ratios and target verdict of a row (in place)."""
    gs = row.get("gosparse")
    if not gs:
        if row.get("target"):
            row["target"]["met"] = None
            row["target"]["verdict"] = "not measured"
        return row
    t = gs["time_s"]
    gs["gflops"] = row["flops"] / t / 1e9 if row.get("flops") else None
    gs["gbs"] = row["bytes"] / t / 1e9 if row.get("bytes") else None
    gs["bw_fraction"] = gs["gbs"] / bandwidth_gbs if gs["gbs"] and bandwidth_gbs else None
    for p in row["peers"].values():
        if p.get("time_s"):
            p["ratio"] = p["time_s"] / t
            if p.get("min_s") and gs.get("min_s"):
                # The best call of each: steadier than medians on a busy machine.
                p["ratio_of_min"] = p["min_s"] / gs["min_s"]
        elif p.get("capped_s"):
            # A peer stopped at its time cap (capped.py) took longer than the cap.
            p["ratio_at_least"] = p["capped_s"] / t
    if row.get("target"):
        _verdict(row)
    return row


def _verdict(row):
    tg, gs = row["target"], row["gosparse"]
    if "max_ns" in tg:
        ns = gs["time_s"] * 1e9
        tg["met"] = ns < tg["max_ns"]
        tg["verdict"] = "%s (%.0f ns %s %.0f ns)" % ("met" if tg["met"] else "MISSED", ns,
                                                     "<" if tg["met"] else ">=", tg["max_ns"])
        return
    peer = row["peers"].get(tg["peer"], {})
    if "ratio" not in peer and peer.get("ratio_at_least", 0) >= tg["ratio"]:
        peer = dict(peer, ratio=peer["ratio_at_least"])  # a lower bound that meets it
    if "ratio" not in peer:
        tg["met"] = None
        tg["verdict"] = "not measured (%s: %s)" % (tg["peer"], peer.get("status", "absent"))
        return
    parts, met = [], True
    ok = peer["ratio"] >= tg["ratio"]
    met &= ok
    parts.append("%s%.2fx %s %gx %s" % ("> " if "ratio_at_least" in peer else "",
                                          peer["ratio"], ">=" if ok else "<", tg["ratio"],
                                          tg["peer"]))
    if tg.get("paired"):
        # The target also holds for the calls timed in alternation with the
        # peer (the medians of a busy machine drift between the two runs).
        pr = row.get("paired") or {}
        ok = "ratio" in pr and pr["ratio"] >= tg["ratio"]
        met &= ok
        parts.append("paired %.2fx %s %gx" % (pr["ratio"], ">=" if ok else "<", tg["ratio"])
                     if "ratio" in pr else "paired not measured")
    if "bw_fraction" in tg:
        f = gs.get("bw_fraction") or 0.0
        ok = f >= tg["bw_fraction"]
        met &= ok
        parts.append("%.0f%% %s %.0f%% BW" % (100 * f, ">=" if ok else "<", 100 * tg["bw_fraction"]))
    if tg.get("sorted"):
        ok = bool(row.get("sorted_output"))
        met &= ok
        parts.append("sorted" if ok else "NOT sorted")
    if not row["agreement"]["ok"]:
        met = False
        parts.append("results disagree")
    tg["met"] = bool(met)
    tg["verdict"] = "%s (%s)" % ("met" if met else "MISSED", ", ".join(parts))


def fmt_time(s):
    if s is None:
        return "-"
    if s < 1e-6:
        return "%.0f ns" % (s * 1e9)
    if s < 1e-3:
        return "%.1f us" % (s * 1e6)
    if s < 1:
        return "%.1f ms" % (s * 1e3)
    return "%.2f s" % s


def _num(v, f="%.2f"):
    return f % v if v is not None else "-"


def _peer_cell(row, name):
    p = row["peers"].get(name)
    if p is None:
        return "-"
    if "ratio" in p:
        return "%.2fx (%s)" % (p["ratio"], fmt_time(p["time_s"]))
    if "ratio_at_least" in p:
        return "> %.2fx (> %s, capped)" % (p["ratio_at_least"], fmt_time(p["capped_s"]))
    status = p.get("status", "-")
    return "%s: %s" % (name, status) if name == "torch" else status


def _agree(row):
    a = row["agreement"]
    if a["ok"]:
        return "ok"
    bad = [k for k, v in a["checks"].items() if v != "ok"]
    return "NO (%s)" % ",".join(bad) if bad else "NO"


def table(result):
    """The readable table of a run, with the formulas and notes under it."""
    bw = result["bandwidth"]
    lines = ["gosparse benchmark (%s run) on %s; library %s" % (
        result["mode"], result["machine"]["summary"], result["machine"]["library"]),
        "read bandwidth measured now: %.1f GB/s (numpy max: 1 thread %.1f, 2 threads %.1f; "
        "copy %.1f GB/s read) over %d MiB" % (
            bw["best_GBs"], bw.get("max_1t_GBs", 0), bw.get("max_2t_GBs", 0),
            bw["copy_read_GBs"], bw["array_bytes"] >> 20),
        "load average (1 min) at start %.2f, at end %.2f (other work on this machine shares "
        "its cores)" % (result["load_start"], result["load_end"]),
        "ratios: peer time / gosparse time (higher: gosparse faster); times are medians", ""]
    head = ["kernel", "time", "GFLOP/s", "GB/s", "%BW"] + ["vs " + p for p in PEER_COLUMNS] + \
        ["agree", "target"]
    body = []
    for r in result["rows"]:
        gs = r.get("gosparse") or {}
        if not gs:
            body.append([r["name"], r["status"]] + [""] * (len(head) - 2))
            continue
        frac = gs.get("bw_fraction")
        body.append([r["name"], fmt_time(gs["time_s"]), _num(gs.get("gflops")),
                     _num(gs.get("gbs"), "%.1f"), "%.0f%%" % (100 * frac) if frac else "-"] +
                    [_peer_cell(r, p) for p in PEER_COLUMNS] +
                    [_agree(r), (r.get("target") or {}).get("verdict", "")])
    widths = [max(len(str(x[i])) for x in [head] + body) for i in range(len(head))]
    for cells in [head] + body:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip())
    lines.append("")
    for r in result["rows"]:
        lines.append("%s: %s" % (r["name"], r["desc"]))
        if r.get("bytes_formula"):
            lines.append("    bytes = %s = %s" % (r["bytes_formula"], _big(r.get("bytes"))))
        if r.get("bandwidth"):
            lines.append("    %%BW of the read bandwidth over the row's own bytes: %.1f GB/s" %
                         r["bandwidth"]["best_GBs"])
        if r.get("flops_formula"):
            lines.append("    flops = %s = %s" % (r["flops_formula"], _big(r.get("flops"))))
        gs = r.get("gosparse") or {}
        if gs.get("via"):
            lines.append("    gosparse via %s; %s" % (gs["via"], _spread(gs)))
        for name, p in r["peers"].items():
            if "via" in p:
                extra = "; ratio of the fastest calls %.2fx" % p["ratio_of_min"] \
                    if "ratio_of_min" in p else ""
                lines.append("    %s via %s; %s%s" % (name, p["via"], _spread(p), extra))
            if name not in PEER_COLUMNS and "ratio" in p:
                lines.append("    vs %s: %.2fx (%s)" % (name, p["ratio"], fmt_time(p["time_s"])))
        pr = r.get("paired")
        if pr and "ratio" in pr:
            lines.append("    paired with %s (calls alternated, %d pairs): %.2fx (median of the "
                         "pairs' ratios %.2fx)" % (pr["peer"], pr["pairs"], pr["ratio"],
                                                   pr["pair_ratio"]))
        elif pr:
            lines.append("    paired with %s: %s" % (pr["peer"], pr["status"]))
        for pr in (r.get("paired_more") or {}).values():
            if "ratio" in pr:
                lines.append("    paired with %s (calls alternated, %d pairs): %.2fx (median of "
                             "the pairs' ratios %.2fx)" % (pr["peer"], pr["pairs"], pr["ratio"],
                                                           pr["pair_ratio"]))
            else:
                lines.append("    paired with %s: %s" % (pr["peer"], pr["status"]))
        if r["status"] != "ok":
            lines.append("    status: %s" % r["status"])
        for k, v in r["agreement"]["checks"].items():
            if v != "ok":
                lines.append("    check %s: %s" % (k, v))
        for n in r["notes"]:
            lines.append("    note: %s" % n)
    return "\n".join(lines)


def _big(v):
    return "-" if v is None else "{:,}".format(v)


def _spread(st):
    if "capped_s" in st:
        return "stopped at its %g s cap" % st["capped_s"]
    if "min_s" not in st:
        return "%s reps" % st.get("reps", "?")
    cpu = ", cpu/wall %.2f" % st["cpu_per_wall"] if "cpu_per_wall" in st else ""
    return "%d reps, min %s, max %s%s" % (st["reps"], fmt_time(st["min_s"]), fmt_time(st["max_s"]),
                                         cpu)
