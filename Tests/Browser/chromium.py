#!/usr/bin/env python3
"""The test run's one headless Chromium (issue 36: one browser per run, not one per page).

Started once by LedgerTestSupport's SharedChromium: `chromium.py CHROMIUM PROFILE_DIR`. It
starts Chromium with the DevTools protocol on a pipe (fds 3 and 4, for the screenshots here)
and on a loopback port (for Playwright's connect_over_cdp), prints one JSON line
`{"cdp": "http://127.0.0.1:PORT"}`, then answers one JSON line per request line on stdin:

  {"page": "/abs/file.html", "width": 1000, "height": 1400, "png": "/abs/shot.png"}
  -> {"console": ["console.error: …", "network error: …"], "pixels": [w, h, colours, inked]}
  or {"error": "…"}

Each page opens in a tab of its own at exactly width x height, is shot once loaded, and every
console message, log entry and uncaught exception of that tab is reported. The screenshot's
pixels are counted by the same browser's canvas (distinct RGB colours; the share of pixels
unlike the top-left, background, one). When stdin closes the driver ends, and Chromium with it.
Standard library only: no Playwright needed.
"""
import base64
import ctypes
import fcntl
import json
import os
import select
import signal
import subprocess
import sys
import time

PIXELS = """(async () => {
  const image = new Image();
  image.src = 'data:image/png;base64,%s';
  await image.decode();
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const colours = new Set();
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) inked++;
  }
  return [image.width, image.height, colours.size, inked / (image.width * image.height)];
})()"""

# What a browser does for a person and a test run does not need, each a process or a timer of
# its own: background networking (component and safe-browsing updates, which cannot reach the
# internet here and retry), extensions, crash reporting, the audio service, and a renderer
# process per tab (a few reused instead). Playwright starts its browsers with the same kind
# of list.
QUIET = ["--disable-background-networking", "--disable-component-update", "--disable-extensions",
         "--disable-default-apps", "--disable-sync", "--disable-breakpad", "--metrics-recording-only",
         "--disable-client-side-phishing-detection", "--disable-domain-reliability", "--mute-audio",
         "--no-default-browser-check", "--disable-features=Translate,MediaRouter,OptimizationHints",
         "--renderer-process-limit=2"]

# The longest one DevTools answer may take (a page loads in well under a second).
ANSWER_SECONDS = 60

SETTLE = "new Promise(done => requestAnimationFrame(() => setTimeout(done, 50)))"


class DevTools:
    """The DevTools protocol over Chromium's pipe: JSON messages ending in a NUL byte."""

    def __init__(self, chromium, profile):
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()
        # Chromium reads fd 3 and writes fd 4: copy the ends above them first, so that placing
        # one cannot close the other.
        high = [fcntl.fcntl(end, fcntl.F_DUPFD, 10) for end in (commands_read, answers_write)]

        def place_ends():
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)
            # Chromium ends with this driver, however the driver ends (PR_SET_PDEATHSIG, SIGKILL).
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"]
            + QUIET + ["--remote-debugging-pipe", "--remote-debugging-port=0", "--user-data-dir=" + profile,
                       "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=place_ends, pass_fds=(3, 4))
        for end in [commands_read, answers_write] + high:
            os.close(end)
        self.pending, self.events, self.last_id = b"", [], 0

    def call(self, method, params=None, session=None):
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self.receive()
            if answer.get("id") == self.last_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]
            self.events.append(answer)

    def receive(self):
        while b"\0" not in self.pending:
            # A browser that stops answering fails the request instead of holding the test run.
            ready, _, _ = select.select([self.answers], [], [], ANSWER_SECONDS)
            if not ready:
                raise RuntimeError(f"chromium did not answer within {ANSWER_SECONDS} s")
            chunk = os.read(self.answers, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self.pending += chunk
        message, self.pending = self.pending.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, session):
        seen = 0
        while True:
            for index in range(seen, len(self.events)):
                event = self.events[index]
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[index]
                    return
            seen = len(self.events)
            self.events.append(self.receive())

    def take_events(self, session):
        mine = [event for event in self.events if event.get("sessionId") == session]
        self.events = [event for event in self.events if event.get("sessionId") != session]
        return mine


def console_lines(events):
    lines = []
    for event in events:
        params = event.get("params", {})
        if event.get("method") == "Runtime.consoleAPICalled":
            words = [str(argument.get("value", argument.get("description", ""))) for argument in params["args"]]
            lines.append(f"console.{params['type']}: " + " ".join(words))
        elif event.get("method") == "Log.entryAdded":
            entry = params["entry"]
            lines.append(f"{entry['source']} {entry['level']}: {entry['text']} {entry.get('url', '')}".strip())
        elif event.get("method") == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            lines.append(f"exception: {details.get('text', '')} {details.get('exception', {}).get('description', '')}")
    return lines


def shoot(devtools, request):
    target = devtools.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = devtools.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    try:
        for domain in ("Page", "Runtime", "Log"):
            devtools.call(domain + ".enable", session=session)
        size = {"width": request["width"], "height": request["height"], "deviceScaleFactor": 1, "mobile": False}
        devtools.call("Emulation.setDeviceMetricsOverride", size, session)
        navigated = devtools.call("Page.navigate", {"url": "file://" + request["page"]}, session)
        if navigated.get("errorText"):
            raise RuntimeError(f"{request['page']}: {navigated['errorText']}")
        devtools.wait_for("Page.loadEventFired", session)
        devtools.call("Runtime.evaluate", {"expression": SETTLE, "awaitPromise": True}, session)
        png = devtools.call("Page.captureScreenshot", {"format": "png"}, session)["data"]
        with open(request["png"], "wb") as file:
            file.write(base64.b64decode(png))
        console = console_lines(devtools.take_events(session))
        devtools.call("Page.navigate", {"url": "about:blank"}, session)
        devtools.wait_for("Page.loadEventFired", session)
        counted = devtools.call(
            "Runtime.evaluate", {"expression": PIXELS % png, "awaitPromise": True, "returnByValue": True}, session)
        if "exceptionDetails" in counted:
            raise RuntimeError(f"counting the pixels: {counted['exceptionDetails']}")
        return {"console": console, "pixels": counted["result"]["value"]}
    finally:
        devtools.take_events(session)
        devtools.call("Target.closeTarget", {"targetId": target})


def debugging_port(profile):
    path = os.path.join(profile, "DevToolsActivePort")
    for _ in range(200):
        if os.path.exists(path):
            with open(path) as file:
                first = file.readline().strip()
            if first:
                return int(first)
        time.sleep(0.05)
    raise RuntimeError("chromium wrote no DevToolsActivePort")


def main():
    # This driver lives as long as the test run. A descriptor it inherited by accident (another
    # test's pipe to its own child, open while this was started) would keep that pipe from
    # ending and that test waiting until the run ends (round 17's CI hang, found with gdb):
    # keep only stdin, stdout and stderr.
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    chromium, profile = sys.argv[1], sys.argv[2]
    try:
        devtools = DevTools(chromium, profile)
        devtools.call("Browser.getVersion")
        print(json.dumps({"cdp": f"http://127.0.0.1:{debugging_port(profile)}"}), flush=True)
    except Exception as error:
        print(json.dumps({"error": f"chromium did not start: {error}"}), flush=True)
        return
    for line in sys.stdin:
        try:
            answer = shoot(devtools, json.loads(line))
        except Exception as error:
            answer = {"error": str(error)}
        print(json.dumps(answer), flush=True)
    devtools.process.terminate()
    try:
        devtools.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        devtools.process.kill()
        devtools.process.wait()


if __name__ == "__main__":
    main()
