#!/usr/bin/env python3
"""Checks a report.html in headless Chromium (Debian's chromium + chromium-driver, driven by Selenium).

usage: report-page-check.py REPORT_FOLDER SCREENSHOT.png

Opens REPORT_FOLDER/report.html from file:// with no network and checks, against REPORT_FOLDER/outcomes.csv:
  1. the page raises no console error;
  2. for an entry and a test recording (the first with a false activation), the detection marks drawn in that
     entry's panel are exactly the `kind = detection` rows of outcomes.csv for them, each at its time on the axis;
  3. the outcome filter shows exactly the rows of the outcome (and entry) chosen and hides the others;
  4. clicking an insertion row centres the explorer on the row's time;
  5. hovering the signal shows exact sample values.
Saves a screenshot of the explorer. Prints one line per check and `N passed, 0 failed`; exits 1 on the first
failure. Run by Tests/GestureLabCLITests/ReportPageBrowserTests.swift (swift test) and so by CI.
"""
import csv
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

passed = 0


def check(condition, what):
    global passed
    if not condition:
        print(f"FAILED: {what}")
        print(f"{passed} passed, 1 failed")
        sys.exit(1)
    passed += 1
    print(f"ok: {what}")


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def main():
    folder = pathlib.Path(sys.argv[1]).resolve()
    screenshot = pathlib.Path(sys.argv[2]).resolve()
    with open(folder / "outcomes.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    check(rows, "outcomes.csv has rows")

    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-background-networking", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1400,1100", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.set_page_load_timeout(60)
        driver.get((folder / "report.html").as_uri())
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".panel svg path.channel"))
        errors = console_errors(driver)
        check(not errors, f"no console errors on load {errors}")
        check("Headlines" in driver.find_element(By.ID, "headlines").text, "the page opens on the headlines")

        # 2. An entry and a recording with a false activation: its marks against outcomes.csv.
        first = next(r for r in rows if r["outcome"] == "insertion")
        entry, recording = first["entry"], first["recording"]
        expected = sorted((r["label"], r["start"], r["end"], r["time"], r["outcome"], r["activity"])
                          for r in rows if r["entry"] == entry and r["recording"] == recording and r["kind"] == "detection")
        recordings = Select(driver.find_element(By.ID, "rec-select"))
        label = next(o.text for o in recordings.options if o.text.startswith(f"{first['dataset']}/{recording} "))
        recordings.select_by_visible_text(label)
        Select(driver.find_element(By.ID, "entry-a")).select_by_value(entry)
        panel = driver.find_element(By.CSS_SELECTOR, f'.panel[data-entry="{entry}"][data-recording="{recording}"]')
        marks = panel.find_elements(By.CSS_SELECTOR, "g.mark.det")
        drawn = sorted(tuple(m.get_attribute("data-" + k) for k in ["label", "start", "end", "time", "outcome", "activity"]) for m in marks)
        check(drawn == expected, f"{entry} on {recording}: {len(drawn)} detection marks drawn = the {len(expected)} detection rows of outcomes.csv")
        svg = panel.find_element(By.TAG_NAME, "svg")
        left, width = float(svg.get_attribute("data-left")), float(svg.get_attribute("data-width"))
        t0, t1 = float(svg.get_attribute("data-t0")), float(svg.get_attribute("data-t1"))
        off = []
        for m in marks:
            line = m.find_element(By.TAG_NAME, "line")
            x = left + (float(m.get_attribute("data-time")) - t0) / (t1 - t0) * width
            if abs(float(line.get_attribute("x1")) - x) > 0.5:
                off.append(m.get_attribute("data-time"))
        check(not off, f"every mark sits at its detection time on the time axis (off: {off})")
        colours = {m.get_attribute("data-outcome"): m.find_element(By.TAG_NAME, "rect").get_attribute("fill") for m in marks}
        check(len(set(colours.values())) == len(colours), f"each outcome has its own colour {colours}")
        insertions = [m for m in marks if m.get_attribute("data-outcome") == "insertion"]
        labels = {t.get_attribute("data-row"): t.text for t in panel.find_elements(By.CSS_SELECTOR, ".activity-labels text")}
        check(insertions and all(labels.get(m.get_attribute("data-row")) == m.get_attribute("data-activity") for m in insertions),
              "each false activation is labelled with the activity it fired in")

        # 5. Hover: exact values of the nearest sample.
        ActionChains(driver).move_to_element_with_offset(svg, 0, -40).perform()
        tip = driver.find_element(By.ID, "tooltip")
        check(tip.is_displayed() and tip.text.startswith("t = ") and " = " in tip.text.split("\n")[1],
              f"hovering the signal shows the sample's exact values ({tip.text.splitlines()[:2]})")
        driver.execute_script("document.getElementById('explorer').scrollIntoView()")
        driver.save_screenshot(str(screenshot))
        check(screenshot.stat().st_size > 10000, f"screenshot saved: {screenshot}")

        # 3. The outcome filter.
        table_rows = driver.find_elements(By.CSS_SELECTOR, "#outcome-table tbody tr")
        check(len(table_rows) == len(rows), f"the outcome table has the {len(rows)} rows of outcomes.csv")
        Select(driver.find_element(By.ID, "filter-outcome")).select_by_value("insertion")
        shown = [int(tr.get_attribute("data-row")) for tr in table_rows if tr.is_displayed()]
        check(shown == [i for i, r in enumerate(rows) if r["outcome"] == "insertion"],
              f"outcome filter insertion: the {len(shown)} insertion rows shown, the other {len(rows) - len(shown)} hidden")
        Select(driver.find_element(By.ID, "filter-entry")).select_by_value(entry)
        shown_entry = [int(tr.get_attribute("data-row")) for tr in table_rows if tr.is_displayed()]
        check(shown_entry == [i for i, r in enumerate(rows) if r["outcome"] == "insertion" and r["entry"] == entry],
              f"with entry {entry}: its {len(shown_entry)} insertion rows shown")
        Select(driver.find_element(By.ID, "filter-entry")).select_by_value("")

        # 4. Clicking an insertion row (of another recording when there is one) centres the view on its time.
        target = next((i for i in shown if rows[i]["recording"] != recording), shown[0])
        tr = driver.find_element(By.CSS_SELECTOR, f'#outcome-table tbody tr[data-row="{target}"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", tr)
        tr.click()
        view = driver.execute_script("return GestureLabReport.view()")
        time = float(rows[target]["time"])
        check(abs((view["t0"] + view["t1"]) / 2 - time) < 1e-9 * max(1, abs(time)),
              f"clicking insertion row {target} ({rows[target]['entry']}, {rows[target]['recording']}, t = {time} s) centres the view: {view['t0']:.3f}–{view['t1']:.3f} s")
        selector = f'.panel[data-recording="{rows[target]["recording"]}"] g.mark.det.focus[data-row="{target}"]'

        def focused_mark(d):
            # The explorer may redraw its panel once more after the click (on a loaded machine the element found
            # first can be replaced): read the mark and its panel in one go, and again if they went stale.
            try:
                mark = d.find_element(By.CSS_SELECTOR, selector)
                svg = mark.find_element(By.XPATH, "ancestor::*[local-name()='svg']")
                middle = float(svg.get_attribute("data-left")) + float(svg.get_attribute("data-width")) / 2
                return float(mark.find_element(By.TAG_NAME, "line").get_attribute("x1")), middle
            except (StaleElementReferenceException, NoSuchElementException):
                return False

        x1, middle = WebDriverWait(driver, 10).until(focused_mark)
        check(abs(x1 - middle) < 0.5, "its mark is drawn in the middle of the explorer, highlighted")
        driver.save_screenshot(str(screenshot.with_name(screenshot.stem + "-insertion.png")))
        errors = console_errors(driver)
        check(not errors, f"no console errors after the interactions {errors}")
    finally:
        driver.quit()
    print(f"{passed} passed, 0 failed")


if __name__ == "__main__":
    main()
