#!/usr/bin/env python3
"""The server's pages in headless Chromium through Playwright (issue 35's checks).

Reads a JSON spec (argv[1]):
  {"base": "http://127.0.0.1:PORT",
   "cdp": "http://127.0.0.1:PORT" (a running Chromium's DevTools endpoint: the test run's one
   browser) or "chromium": "/usr/bin/chromium" (one launched for this run),
   "login": {"name": "alice", "password": "…"} or null,   # a real sign-in through /login
   "headers": {"X-Test-User": "alice"} or {},
   "widths": [390, 1000], "shots": "DIR" or null,
   "form": {"path": "/add", "fill": {"#kind": "buy", "#asset": "QZXW"}, "submit": "button[type=submit]",
            "shows": ["Recorded"]} or absent: entered once, at the first width, after the sign-in,
   "pages": [{"path": "/portfolio", "status": 200, "shows": ["7.77"], "hides": ["0.00"],
              "changes": {"selector": "[data-live]", "from": "67,543.12 USD", "within": 5}}]}

For every page at every width: the status, no console error and no page error, the
document no wider than the viewport (`document.documentElement.scrollWidth`), and the texts
shown (the page's key numbers) in its visible text; with "changes", that the element's text
(a live price) turns from "from" to something else within "within" seconds. Prints one line per failure and exits 1
when there is any; prints `checked N pages at W px` per width otherwise. Never downloads a
browser: it drives the system Chromium, the one running at `cdp` or the one at `chromium`.
"""
import json
import os
import sys

from playwright.sync_api import sync_playwright


def check_page(page, base, spec, width, shots, failures):
    path = spec["path"]
    expected = spec.get("status", 200)
    messages = []
    page.on("console", lambda m: messages.append(m) if m.type == "error" else None)
    page.on("pageerror", lambda e: messages.append(e))
    response = page.goto(base + path, wait_until="load")
    where = f"{path} at {width} px"
    if response is None or response.status != expected:
        failures.append(f"{where}: status {response.status if response else 'none'}, expected {expected}")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    if scroll > width:
        failures.append(f"{where}: the page is {scroll} px wide")
    text = page.inner_text("body")
    for shown in spec.get("shows", []):
        if shown not in text:
            failures.append(f"{where}: does not show {shown!r}")
    for hidden in spec.get("hides", []):
        if hidden in text:
            failures.append(f"{where}: shows {hidden!r}")
    changes = spec.get("changes")
    if changes:
        try:
            page.wait_for_function(
                "([selector, from]) => { const e = document.querySelector(selector);"
                " return e !== null && e.textContent !== from; }",
                arg=[changes["selector"], changes["from"]], timeout=changes.get("within", 5) * 1000)
        except Exception:
            failures.append(f"{where}: {changes['selector']} still shows {changes['from']!r}")
    # Below 860 px the sections are a <details> menu: it must open without scripts.
    menu = page.query_selector("details.menu summary")
    if menu is not None and width < 860:
        menu.click()
        if not page.is_visible("details.menu nav a[href='/portfolio']"):
            failures.append(f"{where}: the menu does not open")
        page.evaluate("document.querySelector('details.menu').open = false")
    for message in messages:
        line = str(getattr(message, "text", message))
        # /report is the report file byte for byte (it names no icon): the browser's own
        # /favicon.ico request is not the page's.
        location = getattr(message, "location", None) or {}
        if "favicon.ico" in str(location.get("url", "")):
            continue
        # The browser reports the page's own non-200 status as a failed load.
        if expected != 200 and "Failed to load resource" in line:
            continue
        failures.append(f"{where}: console error {line}")
    if shots:
        name = "".join(c if c.isalnum() else "-" for c in path.strip("/")).strip("-") or "root"
        page.screenshot(path=f"{shots}/{name}-{width}.png", full_page=True)


def sign_in(page, base, login, failures):
    page.goto(base + "/login")
    page.fill("input[name=name]", login["name"])
    page.fill("input[name=password]", login["password"])
    page.click("button[type=submit]")
    page.wait_for_load_state("load")
    if "/login" in page.url:
        failures.append(f"sign-in as {login['name']} did not leave /login: {page.inner_text('body')[:300]}")


def enter(page, base, form, failures):
    """Fills a form as a user would (`fill`: selector -> value; a <select> gets the option),
    submits it with `submit`, and checks the page it leads to shows `shows`."""
    page.goto(base + form["path"], wait_until="load")
    for selector, value in form["fill"].items():
        if page.eval_on_selector(selector, "e => e.tagName") == "SELECT":
            page.select_option(selector, value)
        else:
            page.fill(selector, value)
    page.click(form["submit"])
    page.wait_for_load_state("load")
    text = page.inner_text("body")
    for shown in form.get("shows", []):
        if shown not in text:
            failures.append(f"after the form on {form['path']}: {page.url} does not show {shown!r}: {text[:300]}")


def main():
    # Only stdin, stdout and stderr: a descriptor inherited by accident (another test's pipe)
    # would hold that test until this script ends (see Tests/Browser/chromium.py).
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    spec = json.load(open(sys.argv[1]))
    failures = []
    with sync_playwright() as playwright:
        if spec.get("cdp"):
            browser = playwright.chromium.connect_over_cdp(spec["cdp"])
        else:
            browser = playwright.chromium.launch(executable_path=spec["chromium"], args=["--no-sandbox"])
        for width in spec["widths"]:
            context = browser.new_context(
                viewport={"width": width, "height": 900}, extra_http_headers=spec.get("headers") or {})
            page = context.new_page()
            if spec.get("login"):
                sign_in(page, spec["base"], spec["login"], failures)
            if spec.get("form") and width == spec["widths"][0]:
                enter(page, spec["base"], spec["form"], failures)
            for page_spec in spec["pages"]:
                fresh = context.new_page()
                check_page(fresh, spec["base"], page_spec, width, spec.get("shots"), failures)
                fresh.close()
            context.close()
            print(f"checked {len(spec['pages'])} pages at {width} px")
        for failure in failures:
            print("FAIL " + failure)
        # Every check is done and printed: end here, without `browser.close()` or Playwright's
        # own teardown. Over connect_over_cdp both wait, with no time limit, for the run's
        # shared Chromium to answer on the DevTools socket (round 16's CI hung for 85 minutes
        # after a run's last line); the process ending closes that socket, and the driver
        # (Playwright's node process) ends when its stdin closes.
        sys.stdout.flush()
        os._exit(1 if failures else 0)


if __name__ == "__main__":
    main()
