#!/usr/bin/env python3
"""The market sources on 127.0.0.1 for Benchmarks/serve-load.sh: answers GET PATH from the
recorded bodies under DIR as the tests' LocalHTTPServer does (PATH[k=v&...].json when the query
holds every pair, else PATH.json), 404 otherwise. Prints its port on the first line.
Usage: fixture-server.py DIR
"""
import http.server
import os
import sys
from urllib.parse import unquote

ROOT = sys.argv[1]


def fixture(path, query):
    pairs = {unquote(pair) for pair in query.split("&") if pair}
    directory, name = os.path.split(ROOT + path)
    try:
        files = sorted(os.listdir(directory))
    except OSError:
        files = []
    for file in files:
        if file.startswith(name + "[") and file.endswith("].json"):
            selector = file[len(name) + 1 : -len("].json")]
            if all(pair in pairs for pair in selector.split("&")):
                return os.path.join(directory, file)
    plain = ROOT + path + ".json"
    return plain if os.path.isfile(plain) else None


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        path, _, query = self.path.partition("?")
        found = fixture(path, query) if ".." not in path else None
        body = open(found, "rb").read() if found else b'{"error":"not found"}'
        self.send_response(200 if found else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
