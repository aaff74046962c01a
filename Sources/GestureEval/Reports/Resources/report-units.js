"use strict";
// Channels of several sensor units (accel.x@lowerarm): the explorer's channel picker lists them under the name of
// their unit, the primary unit's first (the page orders them so). Inlined only into pages with such recordings.
(function () {
  const box = document.getElementById("channel-picker");
  if (!box) return;
  function unitOf(label) {
    const input = label.querySelector("input");
    const name = input ? input.value : "";
    const at = name.lastIndexOf("@");
    return at < 0 ? "" : name.slice(at + 1);
  }
  let observer = null;
  function group() {
    observer.disconnect();
    const labels = Array.prototype.slice.call(box.querySelectorAll("label"));
    const several = labels.some(function (l) { return unitOf(l) !== ""; });
    let last = null;
    labels.forEach(function (label) {
      const unit = unitOf(label);
      if (!several || unit === last) return;
      const head = document.createElement("b");
      head.className = "unit";
      head.style.marginLeft = "0.8em";
      head.textContent = (unit === "" ? "primary unit" : unit) + ":";
      box.insertBefore(head, label);
      last = unit;
    });
    observer.observe(box, { childList: true });
  }
  observer = new MutationObserver(group);
  observer.observe(box, { childList: true });
  group();
})();
