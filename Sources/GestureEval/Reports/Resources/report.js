"use strict";
(function () {
const data = JSON.parse(document.getElementById("report-data").textContent);
const OUTCOMES = ["correct", "substitution", "deletion", "merged", "insertion", "fragment"];
const COLORS = { correct: "#2a9d47", substitution: "#e08a00", deletion: "#d62728", merged: "#9467bd", insertion: "#e0218a", fragment: "#8c564b" };
const CHANNEL_COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"];
const NS = "http://www.w3.org/2000/svg";
const C = {};
data.outcomeColumns.forEach(function (name, i) { C[name] = i; });
const samples = {}, pending = {};
const state = { rec: -1, a: null, b: null, t0: 0, t1: 1, lo: 0, hi: 1, channels: [], focusRow: -1 };
const $ = function (id) { return document.getElementById(id); };

function svg(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
function html(tag, attrs, text, parent) {
  const e = document.createElement(tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined && text !== null) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}
function option(select, value, text) { html("option", { value: value }, text, select); }

// Outcome rows by recording.
const recIndex = {};
data.recordings.forEach(function (r, i) { recIndex[r.dataset + "\u0000" + r.id] = i; });
const rowsOfRec = data.recordings.map(function () { return []; });
data.outcomes.forEach(function (row, i) { rowsOfRec[recIndex[row[C.dataset] + "\u0000" + row[C.recording]]].push(i); });
function entriesOf(rec) {
  const d = data.recordings[rec].dataset;
  return data.entries.filter(function (e) { return e.dataset === d; }).map(function (e) { return e.name; });
}

// Samples: inline JSON, or a script beside the page above the size bound.
function load(i) {
  if (samples[i] || pending[i]) return;
  const r = data.recordings[i];
  if (r.samples === "inline") {
    samples[i] = JSON.parse($("samples-" + i).textContent);
  } else if (r.samples !== "none") {
    pending[i] = "loading";
    const s = document.createElement("script");
    s.src = r.samples;
    s.onerror = function () { pending[i] = "missing"; draw(); };
    document.body.appendChild(s);
  }
}
function lowerBound(t, x) {
  let lo = 0, hi = t.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (t[m] < x) lo = m + 1; else hi = m; }
  return lo;
}
function extent(i) {
  let lo = Infinity, hi = -Infinity;
  const s = samples[i];
  if (s && s.t.length) { lo = s.t[0]; hi = s.t[s.t.length - 1]; }
  data.recordings[i].annotations.forEach(function (a) { lo = Math.min(lo, +a[0]); hi = Math.max(hi, +a[1]); });
  rowsOfRec[i].forEach(function (k) {
    const row = data.outcomes[k];
    lo = Math.min(lo, +row[C.start]); hi = Math.max(hi, +row[C.end], row[C.time] === "" ? -Infinity : +row[C.time]);
  });
  return isFinite(lo) && hi > lo ? [lo, hi] : [0, 1];
}
function niceTicks(lo, hi, n) {
  const span = hi - lo;
  if (!(span > 0)) return [lo];
  const raw = span / n, p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
  const step = (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * p;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}
function fmt(x) { return Math.abs(x) >= 1000 || x === Math.round(x) ? String(Math.round(x * 1000) / 1000) : x.toPrecision(4).replace(/\.?0+$/, ""); }

// Controls.
function setRecording(i) {
  state.rec = i;
  load(i);
  const r = data.recordings[i], names = entriesOf(i);
  if (names.indexOf(state.a) < 0) state.a = names[0] || null;
  if (state.b !== null && (names.indexOf(state.b) < 0 || state.b === state.a)) state.b = null;
  if (state.b === null && state.a !== null) {
    const group = (data.entries.find(function (e) { return e.name === state.a; }) || {}).group;
    state.b = names.find(function (n) { return n !== state.a && (data.entries.find(function (e) { return e.name === n; }) || {}).group === group; }) || null;
  }
  const keep = state.channels.filter(function (c) { return r.channels.indexOf(c) >= 0; });
  state.channels = keep.length ? keep : r.shown.slice();
  $("rec-select").value = String(i);
  fillEntrySelects();
  fillChannelPicker();
  const e = extent(i);
  state.lo = e[0]; state.hi = e[1]; state.t0 = e[0]; state.t1 = e[1];
}
function fillEntrySelects() {
  const names = entriesOf(state.rec);
  [["entry-a", state.a, false], ["entry-b", state.b, true]].forEach(function (s) {
    const select = $(s[0]);
    select.textContent = "";
    if (s[2]) option(select, "", "(none)");
    names.forEach(function (n) { option(select, n, n); });
    select.value = s[1] === null ? "" : s[1];
  });
}
function fillChannelPicker() {
  const box = $("channel-picker"), r = data.recordings[state.rec];
  box.textContent = "";
  html("span", {}, "Channels:", box);
  r.channels.forEach(function (c, k) {
    const label = html("label", {}, null, box);
    const input = html("input", { type: "checkbox", value: c }, null, label);
    input.checked = state.channels.indexOf(c) >= 0;
    input.addEventListener("change", function () {
      state.channels = r.channels.filter(function (name) { return box.querySelector('input[value="' + name + '"]').checked; });
      draw();
    });
    const swatch = html("i", { style: "display:inline-block;width:10px;height:3px;vertical-align:middle;margin:0 3px;background:" + CHANNEL_COLORS[k % CHANNEL_COLORS.length] }, null, label);
    label.appendChild(document.createTextNode(c + (r.units[k] ? " (" + r.units[k] + ")" : "")));
  });
}
function setView(t0, t1, free) {
  const min = 0.02, span = state.hi - state.lo;
  let w = Math.max(min, Math.min(t1 - t0, span * 1.5));
  let c = (t0 + t1) / 2;
  if (!free) c = Math.max(state.lo, Math.min(state.hi, c));
  state.t0 = c - w / 2; state.t1 = c + w / 2;
  scheduleDraw();
}
function zoom(factor, centre) {
  const c = centre === undefined ? (state.t0 + state.t1) / 2 : centre;
  setView(c - (c - state.t0) * factor, c + (state.t1 - c) * factor);
}
let drawQueued = false;
function scheduleDraw() {
  if (drawQueued) return;
  drawQueued = true;
  requestAnimationFrame(function () { drawQueued = false; draw(); });
}

// Drawing.
const geometry = { left: 64, right: 12, sigTop: 8, sigHeight: 200 };
function draw() {
  const box = $("panels");
  box.textContent = "";
  $("view-range").textContent = fmt(state.t0) + "–" + fmt(state.t1) + " s (" + fmt(state.t1 - state.t0) + " s shown)";
  [state.a, state.b].forEach(function (entry) { if (entry !== null) panel(entry, box); });
}
function panel(entry, box) {
  const rec = state.rec, r = data.recordings[rec], s = samples[rec];
  const div = html("div", { class: "panel", "data-entry": entry, "data-recording": r.id }, null, box);
  const rows = rowsOfRec[rec].filter(function (k) { return data.outcomes[k][C.entry] === entry; });
  const counts = {};
  rows.forEach(function (k) { const o = data.outcomes[k][C.kind] + " " + data.outcomes[k][C.outcome]; counts[o] = (counts[o] || 0) + 1; });
  html("h4", {}, entry + " on " + r.dataset + "/" + r.id + " (fold " + r.fold + "): " +
    Object.keys(counts).sort().map(function (k) { return counts[k] + " " + k; }).join(", "), div);
  const width = Math.max(600, box.clientWidth - 2), g = geometry;
  const W = width - g.left - g.right, sigBottom = g.sigTop + g.sigHeight;
  const actY = sigBottom + 6, annY = actY + 18, detY = annY + 18, axisY = detY + 20, height = axisY + 24;
  const root = svg("svg", { width: width, height: height, "data-left": g.left, "data-width": W, "data-t0": state.t0, "data-t1": state.t1 }, div);
  const clipId = "clip-" + box.children.length;
  svg("rect", { x: g.left, y: 0, width: W, height: axisY }, svg("clipPath", { id: clipId }, svg("defs", {}, root)));
  const t0 = state.t0, t1 = state.t1;
  const x = function (t) { return g.left + (t - t0) / (t1 - t0) * W; };
  svg("rect", { x: g.left, y: g.sigTop, width: W, height: g.sigHeight, fill: "#fcfcfc", stroke: "#bbb" }, root);
  const plot = svg("g", { "clip-path": "url(#" + clipId + ")" }, root);
  // Judged annotations: bands in the signal and bars in their track.
  rows.forEach(function (k) {
    const row = data.outcomes[k];
    if (row[C.kind] !== "annotation") return;
    const a = +row[C.start], b = +row[C.end], color = COLORS[row[C.outcome]] || "#999";
    svg("rect", { x: x(a), y: g.sigTop, width: Math.max(1, x(b) - x(a)), height: g.sigHeight, fill: color, "fill-opacity": 0.12 }, plot);
  });
  // Signal: minimum and maximum per pixel column.
  const chosen = r.channels.map(function (c, k) { return [c, k]; }).filter(function (p) { return state.channels.indexOf(p[0]) >= 0; });
  let yOf = null;
  if (!s) {
    const why = r.samples === "none" ? "the recording could not be read when the report was written"
      : pending[rec] === "missing" ? "cannot load " + r.samples + " (keep the " + r.samples.split("/")[0] + " folder beside this page)" : "loading " + r.samples + " …";
    svg("text", { x: g.left + 10, y: g.sigTop + 24, fill: "#a00" }, root).textContent = "No samples: " + why;
  } else if (chosen.length) {
    const t = s.t, i0 = Math.max(0, lowerBound(t, t0) - 1), i1 = Math.min(t.length, lowerBound(t, t1) + 1);
    let lo = Infinity, hi = -Infinity;
    chosen.forEach(function (p) {
      const v = s.v[p[1]];
      for (let i = i0; i < i1; i++) { const y = v[i]; if (y !== null) { if (y < lo) lo = y; if (y > hi) hi = y; } }
    });
    if (!isFinite(lo)) { lo = -1; hi = 1; }
    if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
    const pad = (hi - lo) * 0.05;
    lo -= pad; hi += pad;
    yOf = function (y) { return sigBottom - (y - lo) / (hi - lo) * g.sigHeight; };
    niceTicks(lo, hi, 5).forEach(function (v) {
      svg("line", { x1: g.left - 4, x2: g.left + W, y1: yOf(v), y2: yOf(v), stroke: "#eee" }, root);
      svg("text", { x: g.left - 6, y: yOf(v) + 4, "text-anchor": "end", "font-size": 11 }, root).textContent = fmt(v);
    });
    chosen.forEach(function (p) {
      const v = s.v[p[1]];
      let d = "", bucket = -1, mn = 0, mx = 0, pen = "M";
      const flush = function () {
        if (bucket < 0) return;
        const px = (g.left + bucket + 0.5).toFixed(1);
        d += pen + px + " " + yOf(mn).toFixed(1) + "L" + px + " " + yOf(mx).toFixed(1);
        pen = "L";
      };
      if (i1 - i0 <= 2 * W) {
        for (let i = i0; i < i1; i++) {
          if (v[i] === null) { pen = "M"; continue; }
          d += pen + x(t[i]).toFixed(1) + " " + yOf(v[i]).toFixed(1);
          pen = "L";
        }
      } else {
        for (let i = i0; i < i1; i++) {
          if (v[i] === null) continue;
          const b = Math.floor((t[i] - t0) / (t1 - t0) * W);
          if (b !== bucket) { flush(); bucket = b; mn = mx = v[i]; } else { if (v[i] < mn) mn = v[i]; if (v[i] > mx) mx = v[i]; }
        }
        flush();
      }
      svg("path", { d: d, fill: "none", stroke: CHANNEL_COLORS[p[1] % CHANNEL_COLORS.length], "stroke-width": 1, "class": "channel", "data-channel": p[0] }, plot);
    });
  } else {
    svg("text", { x: g.left + 10, y: g.sigTop + 24, fill: "#555" }, root).textContent = "No channel picked.";
  }
  // Every annotation of the recording (activities included).
  svg("text", { x: g.left - 6, y: actY + 11, "text-anchor": "end", "font-size": 10 }, root).textContent = "recording";
  r.annotations.forEach(function (a) {
    const xa = x(+a[0]), xb = x(+a[1]);
    svg("rect", { x: xa, y: actY, width: Math.max(1, xb - xa), height: 14, fill: "#ccc", stroke: "#fff" }, plot);
    if (xb - xa > 8 * a[2].length) svg("text", { x: xa + 2, y: actY + 11, "font-size": 10 }, plot).textContent = a[2];
  });
  svg("text", { x: g.left - 6, y: annY + 11, "text-anchor": "end", "font-size": 10 }, root).textContent = "judged";
  svg("text", { x: g.left - 6, y: detY + 11, "text-anchor": "end", "font-size": 10 }, root).textContent = "detected";
  const labelEnds = [-Infinity, -Infinity, -Infinity], labels = [];
  rows.forEach(function (k) {
    const row = data.outcomes[k], a = +row[C.start], b = +row[C.end], color = COLORS[row[C.outcome]] || "#999";
    const detection = row[C.kind] === "detection";
    const mark = svg("g", { "class": "mark " + (detection ? "det" : "ann") + (k === state.focusRow ? " focus" : ""), "data-row": k,
      "data-entry": row[C.entry], "data-recording": row[C.recording], "data-kind": row[C.kind], "data-label": row[C.label],
      "data-start": row[C.start], "data-end": row[C.end], "data-time": row[C.time], "data-outcome": row[C.outcome], "data-activity": row[C.activity] }, plot);
    const y = detection ? detY : annY;
    svg("rect", { x: x(a), y: y, width: Math.max(2, x(b) - x(a)), height: 14, fill: color }, mark);
    if (detection) {
      const xt = x(+row[C.time]);
      svg("line", { x1: xt, x2: xt, y1: g.sigTop, y2: detY + 14, stroke: color, "stroke-width": 1.5, "stroke-dasharray": "4 3" }, mark);
      svg("path", { d: "M" + (xt - 5) + " " + g.sigTop + "L" + (xt + 5) + " " + g.sigTop + "L" + xt + " " + (g.sigTop + 8) + "Z", fill: color }, mark);
      if (row[C.outcome] === "insertion" && row[C.activity]) {
        // Labels of close false activations go on the next of three lines.
        let line = 0;
        while (line < 2 && labelEnds[line] > xt) line += 1;
        labelEnds[line] = xt + 8 + 6.5 * row[C.activity].length;
        labels.push([{ x: xt + 4, y: g.sigTop + 20 + 13 * line, "font-size": 11, fill: color, "data-row": k }, row[C.activity]]);
      }
    } else if (x(b) - x(a) > 7 * row[C.label].length) {
      svg("text", { x: x(a) + 2, y: y + 11, "font-size": 10, fill: "#fff" }, mark).textContent = row[C.label];
    }
  });
  // Activity labels of false activations, above every mark's line.
  const layer = svg("g", { "class": "activity-labels" }, plot);
  labels.forEach(function (l) { svg("text", l[0], layer).textContent = l[1]; });
  // Time axis.
  svg("line", { x1: g.left, x2: g.left + W, y1: axisY, y2: axisY, stroke: "#888" }, root);
  niceTicks(t0, t1, Math.max(2, Math.floor(W / 90))).forEach(function (v) {
    svg("line", { x1: x(v), x2: x(v), y1: axisY, y2: axisY + 4, stroke: "#888" }, root);
    svg("text", { x: x(v), y: axisY + 16, "text-anchor": "middle", "font-size": 11 }, root).textContent = fmt(v);
  });
  svg("text", { x: g.left - 6, y: axisY + 16, "text-anchor": "end", "font-size": 11 }, root).textContent = "time (s)";
  const cross = svg("line", { "class": "crosshair", y1: g.sigTop, y2: axisY, stroke: "#333", "stroke-width": 0.5, visibility: "hidden" }, root);
  attach(root, W, cross);
}

// Hover, pan, zoom.
let drag = null;
function tAt(root, W, clientX) {
  const box = root.getBoundingClientRect();
  return state.t0 + (clientX - box.left - geometry.left) / W * (state.t1 - state.t0);
}
function attach(root, W, cross) {
  root.addEventListener("wheel", function (ev) {
    ev.preventDefault();
    zoom(ev.deltaY > 0 ? 1.25 : 0.8, tAt(root, W, ev.clientX));
  }, { passive: false });
  root.addEventListener("mousedown", function (ev) {
    drag = { x: ev.clientX, t0: state.t0, t1: state.t1, W: W, moved: false };
    root.classList.add("dragging");
  });
  root.addEventListener("mousemove", function (ev) { hover(ev, root, W); });
  root.addEventListener("mouseleave", function () {
    $("tooltip").hidden = true;
    document.querySelectorAll(".crosshair").forEach(function (c) { c.setAttribute("visibility", "hidden"); });
  });
  root.addEventListener("click", function (ev) {
    const mark = ev.target.closest(".mark");
    if (mark && !(drag && drag.moved)) chooseRow(+mark.getAttribute("data-row"), false);
  });
}
window.addEventListener("mousemove", function (ev) {
  if (!drag) return;
  const dx = ev.clientX - drag.x;
  if (Math.abs(dx) > 2) drag.moved = true;
  const dt = -dx / drag.W * (drag.t1 - drag.t0);
  setView(drag.t0 + dt, drag.t1 + dt);
});
window.addEventListener("mouseup", function () {
  document.querySelectorAll(".panel svg").forEach(function (s) { s.classList.remove("dragging"); });
  setTimeout(function () { drag = null; }, 0);
});
function hover(ev, root, W) {
  const tip = $("tooltip"), t = tAt(root, W, ev.clientX), px = ev.clientX - root.getBoundingClientRect().left;
  if (px < geometry.left || px > geometry.left + W) { tip.hidden = true; return; }
  document.querySelectorAll(".crosshair").forEach(function (c) { c.setAttribute("x1", px); c.setAttribute("x2", px); c.setAttribute("visibility", "visible"); });
  const mark = ev.target.closest(".mark");
  let text;
  if (mark) {
    const row = data.outcomes[+mark.getAttribute("data-row")];
    text = data.outcomeColumns.map(function (c, i) { return row[i] === "" ? null : c + ": " + row[i]; }).filter(Boolean).join("\n");
  } else {
    const r = data.recordings[state.rec], s = samples[state.rec];
    if (!s || !s.t.length) { tip.hidden = true; return; }
    let i = lowerBound(s.t, t);
    if (i >= s.t.length || (i > 0 && t - s.t[i - 1] < s.t[i] - t)) i -= 1;
    i = Math.max(0, i);
    text = "t = " + s.t[i] + " s (sample " + i + ")";
    r.channels.forEach(function (c, k) {
      if (state.channels.indexOf(c) >= 0) text += "\n" + c + " = " + (s.v[k][i] === null ? "missing" : s.v[k][i]) + (r.units[k] ? " " + r.units[k] : "");
    });
  }
  tip.textContent = text;
  tip.hidden = false;
  tip.style.left = Math.min(ev.clientX + 14, window.innerWidth - tip.offsetWidth - 4) + "px";
  tip.style.top = (ev.clientY + 14) + "px";
}

// The outcome table.
function chooseRow(k, scroll) {
  const row = data.outcomes[k];
  const rec = recIndex[row[C.dataset] + "\u0000" + row[C.recording]];
  if (rec !== state.rec) setRecording(rec);
  const entry = row[C.entry];
  if (state.a !== entry && state.b !== entry) { state.a = entry; if (state.b === entry) state.b = null; fillEntrySelects(); }
  const centre = row[C.kind] === "detection" && row[C.time] !== "" ? +row[C.time] : (+row[C.start] + +row[C.end]) / 2;
  let w = state.t1 - state.t0;
  if (w > 30) w = 10;
  state.focusRow = k;
  document.querySelectorAll("#outcome-table tr.chosen").forEach(function (tr) { tr.classList.remove("chosen"); });
  const tr = document.querySelector('#outcome-table tr[data-row="' + k + '"]');
  if (tr) tr.classList.add("chosen");
  state.t0 = centre - w / 2; state.t1 = centre + w / 2;
  draw();
  if (scroll) $("explorer").scrollIntoView({ block: "start" });
}
function buildTable() {
  const head = $("outcome-table").tHead, body = $("outcome-table").tBodies[0];
  const tr = html("tr", {}, null, head);
  data.outcomeColumns.forEach(function (c) { html("th", {}, c, tr); });
  const frag = document.createDocumentFragment();
  data.outcomes.forEach(function (row, k) {
    const r = html("tr", { "data-row": k, "data-entry": row[C.entry], "data-outcome": row[C.outcome], "data-activity": row[C.activity] }, null, frag);
    row.forEach(function (cell, i) {
      // Times shown to the millisecond; the exact value is the cell's tooltip (and outcomes.csv's).
      const shown = i >= C.start && i <= C.time && cell !== "" ? (+cell).toFixed(3) : cell;
      const td = html("td", i === C.outcome ? { style: "color:" + (COLORS[cell] || "#222") + ";font-weight:600" } : {}, shown, r);
      if (i >= C.start && i <= C.score) { td.className = "n"; td.title = cell; }
    });
  });
  body.appendChild(frag);
  body.addEventListener("click", function (ev) {
    const r = ev.target.closest("tr");
    if (r) chooseRow(+r.getAttribute("data-row"), true);
  });
  const entries = $("filter-entry"), outcomes = $("filter-outcome"), activities = $("filter-activity");
  option(entries, "", "all");
  data.entries.forEach(function (e) { option(entries, e.name, e.name); });
  option(outcomes, "", "all");
  OUTCOMES.forEach(function (o) { option(outcomes, o, o); });
  option(activities, "", "all");
  const seen = {};
  data.outcomes.forEach(function (row) { if (row[C.activity]) seen[row[C.activity]] = true; });
  Object.keys(seen).sort().forEach(function (a) { option(activities, a, a); });
  [entries, outcomes, activities].forEach(function (s) { s.addEventListener("change", filter); });
  filter();
}
function filter() {
  const e = $("filter-entry").value, o = $("filter-outcome").value, a = $("filter-activity").value;
  let shown = 0;
  $("outcome-table").tBodies[0].querySelectorAll("tr").forEach(function (tr) {
    const row = data.outcomes[+tr.getAttribute("data-row")];
    const ok = (!e || row[C.entry] === e) && (!o || row[C.outcome] === o) && (!a || row[C.activity] === a);
    tr.hidden = !ok;
    if (ok) shown += 1;
  });
  $("outcome-count").textContent = shown + " of " + data.outcomes.length + " rows shown";
}

// Start.
const legend = $("legend");
OUTCOMES.forEach(function (o) {
  const span = html("span", {}, null, legend);
  html("i", { style: "background:" + COLORS[o] }, null, span);
  span.appendChild(document.createTextNode(o));
});
window.GestureLabReport = {
  samplesLoaded: function (i, s) { samples[i] = s; delete pending[i]; if (state.rec === i) { const e = extent(i); state.lo = e[0]; state.hi = e[1]; draw(); } },
  view: function () { return { t0: state.t0, t1: state.t1, recording: state.rec, a: state.a, b: state.b }; },
  showRecording: function (i, a, b) { setRecording(i); if (a !== undefined) state.a = a; if (b !== undefined) state.b = b; fillEntrySelects(); draw(); }
};
if (!data.recordings.length) {
  $("explorer").appendChild(html("p", { "class": "missing" }, "No continuous entry: no recording to explore (segment classification has no outcomes per event)."));
  $("panels").hidden = true;
} else {
  const select = $("rec-select");
  data.recordings.forEach(function (r, i) { option(select, String(i), r.dataset + "/" + r.id + " (fold " + r.fold + ")"); });
  select.addEventListener("change", function () { setRecording(+select.value); draw(); });
  $("entry-a").addEventListener("change", function () { state.a = $("entry-a").value; if (state.b === state.a) { state.b = null; fillEntrySelects(); } draw(); });
  $("entry-b").addEventListener("change", function () { state.b = $("entry-b").value || null; draw(); });
  $("zoom-in").addEventListener("click", function () { zoom(0.5); });
  $("zoom-out").addEventListener("click", function () { zoom(2); });
  $("zoom-all").addEventListener("click", function () { setView(state.lo, state.hi); });
  window.addEventListener("resize", scheduleDraw);
  setRecording(0);
  draw();
}
buildTable();
})();
