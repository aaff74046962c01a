def _label_colors(labels):
    return {label: f"C{(i + 3) % 10}" for i, label in enumerate(sorted(set(labels)))}


def draw_signal(entry):
    signal = read_csv(entry["data"]["signal"])
    spans = read_csv(entry["data"]["annotations"])
    events = read_csv(entry["data"]["events"])
    colors = _label_colors(list(spans["label"].astype(str)) + list(events["label"].astype(str)))
    fig, ax = plt.subplots(figsize=(11, 4))
    for a in spans.itertuples():
        ax.axvspan(a.start, a.end, color=colors[str(a.label)], alpha=0.18, lw=0)
    for i, channel in enumerate(signal.columns[1:]):
        ax.plot(signal["time"], signal[channel], color=f"C{i}", lw=1.0, label=channel)
    low = ax.get_ylim()[0]
    for e in events.itertuples():
        color = "0.5" if e.phase == "cancelled" else colors[str(e.label)]
        ax.axvline(e.time, color=color, ls="--", lw=1)
        if e.phase != "began" and e.end > e.start:
            ax.hlines(low, e.start, e.end, colors=color, lw=4)
    for label in sorted(set(spans["label"].astype(str))):
        ax.fill_between([], [], color=colors[label], alpha=0.4, label=label)
    for label in sorted(set(events["label"].astype(str))):
        ax.plot([], [], color=colors[label], ls="--", label=f"detected {label}")
    ax.set(xlabel="time (s)", ylabel=entry["labels"].get("y", "value"), title=entry["title"])
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8)
    fig.tight_layout()
    return fig


def draw_confusion(entry):
    matrix = read_csv(entry["data"]["matrix"])
    labels = [str(x) for x in matrix["actual"]]
    counts = matrix.drop(columns="actual").to_numpy(dtype=float)
    share = counts / np.clip(counts.sum(axis=1, keepdims=True), 1, None)
    size = 1.0 + 0.6 * len(labels)
    fig, ax = plt.subplots(figsize=(size + 1.5, size))
    ax.imshow(share, cmap="Blues", vmin=0, vmax=1)
    for r in range(len(labels)):
        for c in range(len(labels)):
            ax.text(c, r, f"{int(counts[r, c])}", ha="center", va="center",
                    color="white" if share[r, c] > 0.5 else "black",
                    fontweight="bold" if r == c else "normal")
    ax.set_xticks(range(len(labels)), labels, rotation=45 if max(map(len, labels)) > 6 else 0, ha="right")
    ax.set_yticks(range(len(labels)), labels)
    ax.set(xlabel="predicted", ylabel="actual", title=entry["title"])
    fig.tight_layout()
    return fig


def draw_latency(entry):
    latencies = read_csv(entry["data"]["latencies"])["latency_s"]
    fig, ax = plt.subplots(figsize=(7, 4))
    if len(latencies):
        ax.hist(latencies, bins="sturges", color="C0", edgecolor="black", alpha=0.85,
                label=f"{len(latencies)} detections")
        ax.axvline(latencies.median(), color="C3", ls="--", label=f"median {latencies.median():.3f} s")
        ax.legend()
    else:
        ax.text(0.5, 0.5, "no detections", ha="center", transform=ax.transAxes)
    ax.set(xlabel="latency (s)", ylabel="detections", title=entry["title"])
    fig.tight_layout()
    return fig


def draw_det(entry):
    points = read_csv(entry["data"]["points"])
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for i, (name, curve) in enumerate(points.groupby("series", sort=False)):
        curve = curve.sort_values(["false_activations_per_hour", "miss_rate"])
        ax.plot(curve["false_activations_per_hour"], curve["miss_rate"], "o-", color=f"C{i}", label=str(name))
    ax.set(xlabel="false activations per hour", ylabel="miss rate", ylim=(0, 1), title=entry["title"])
    ax.set_xlim(left=0)
    ax.grid(alpha=0.3)
    if len(points):
        ax.legend()
    fig.tight_layout()
    return fig


def draw_learning_curve(entry):
    points = read_csv(entry["data"]["points"])
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for i, (name, curve) in enumerate(points.groupby("series", sort=False)):
        curve = curve.sort_values("subjects")
        ax.errorbar(curve["subjects"] + (i - 0.5 * (points["series"].nunique() - 1)) * 0.05, curve["mean"], yerr=curve["sd"],
                    fmt="o-", color=f"C{i}", capsize=3, label=str(name))
    ax.set(xlabel="subjects trained on", ylabel=entry["labels"].get("metric", "metric") + " on the others", title=entry["title"])
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    if len(points):
        ax.legend()
    fig.tight_layout()
    return fig


def draw_critical_difference(entry):
    ranks = read_csv(entry["data"]["ranks"]).sort_values(["average_rank", "method"]).reset_index(drop=True)
    cd = entry["parameters"].get("cd", 0.0)
    k = len(ranks)
    high = max(k, int(np.ceil(ranks["average_rank"].max()))) if k else 2
    half = (k + 1) // 2
    fig, ax = plt.subplots(figsize=(8, 1.6 + 0.35 * max(half, k - half)))
    ax.hlines(0, 1, high, color="black")
    for t in range(1, high + 1):
        ax.vlines(t, 0, 0.12, color="black")
        ax.text(t, 0.18, str(t), ha="center", va="bottom", fontsize=9)
    if cd > 0:
        ax.hlines(0.6, 1, min(high, 1 + cd), color="black", lw=2)
        ax.text(min(high, 1 + cd) + 0.05, 0.6, f"CD = {cd:.2f}", va="center", fontsize=9)
    order = list(ranks.itertuples())
    groups = []
    for start in range(k):
        end = start
        while end + 1 < k and order[end + 1].average_rank - order[start].average_rank < cd:
            end += 1
        if end > start and not (groups and groups[-1][1] >= end):
            groups.append((start, end))
    for i, (start, end) in enumerate(groups):
        y = -0.2 - 0.12 * i
        ax.hlines(y, order[start].average_rank - 0.03, order[end].average_rank + 0.03, color="black", lw=3.5)
    top = -0.3 - 0.12 * len(groups)
    for position, row in enumerate(order):
        left = position < half
        line = position if left else k - 1 - position
        y = top - 0.35 * line
        edge = 0.6 if left else high + 0.4
        ax.plot([row.average_rank, row.average_rank, edge], [0, y, y], color="black", lw=0.8)
        ax.text(edge + (-0.05 if left else 0.05), y, f"{row.method} ({row.average_rank:.2f})",
                ha="right" if left else "left", va="center", fontsize=9)
    ax.set_xlim(-1.2, high + 2.2)
    ax.set_ylim(top - 0.35 * max(half, k - half), 0.9)
    ax.axis("off")
    ax.set_title(entry["title"])
    fig.tight_layout()
    return fig
