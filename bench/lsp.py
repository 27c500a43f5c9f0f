#!/usr/bin/env python3
"""Responsiveness of tensor-lsp: starts the server, opens a generated file
(bench/gen_ops.py) of several sizes up to 20 MB, makes edits the way an editor
sends them (incremental didChange), and measures the time from each edit to the
publishDiagnostics of the edited version, and to the answer of a hover sent right
after the edit. Prints one row per size, with the growth per doubling of size."""
import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from scaling import exponent

ROOT = Path(__file__).resolve().parent.parent


class Client:
    """A minimal LSP client over the server's standard input and output."""

    def __init__(self, cmd):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                key, _, value = line.partition(b":")
                if key.lower() == b"content-length":
                    length = int(value)
            self.messages.put((time.perf_counter(), json.loads(out.read(length))))

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, pred, timeout=120):
        """The arrival time and body of the first message matching `pred`."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no answer from tensor-lsp")
            at, msg = self.messages.get(timeout=left)
            if pred(msg):
                return at, msg

    def cpu_seconds(self):
        """User plus system CPU time the server has used so far."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("nan")

    def peak_rss_mb(self):
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        except OSError:
            pass
        return float("nan")

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=60)


def diagnostics_of(version):
    return lambda m: (m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"].get("version") == version)


def measure(server, ops, edits):
    text = subprocess.run([sys.executable, str(ROOT / "bench" / "gen_ops.py"), str(ops)],
                          check=True, capture_output=True, text=True).stdout
    lines = text.split("\n")
    uri = "file:///bench/gen.mlir"
    client = Client([str(server)])
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    client.wait(lambda m: m.get("id") == 1)
    client.notify("initialized", {})

    t0 = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    at, msg = client.wait(diagnostics_of(1))
    opened = at - t0
    count = len(msg["params"]["diagnostics"])

    edit_times, hover_times, cpu_times = [], [], []
    for k in range(edits):
        version = 2 + k
        # Retype the result name of an op in the middle of the function (a valid
        # program after every edit): `%vN` becomes `%wN` and back.
        line = len(lines) // 2 + k
        old = lines[line]
        col = old.index("%v")
        new_name = "%w" if k % 2 == 0 else "%x"
        cpu0 = client.cpu_seconds()
        t0 = time.perf_counter()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": col},
                                          "end": {"line": line, "character": col + 2}},
                                "text": new_name}]})
        hover = client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": line, "character": col + 1}})
        at, msg = client.wait(diagnostics_of(version))
        edit_times.append(at - t0)
        at, msg = client.wait(lambda m, h=hover: m.get("id") == h)
        if "error" in msg or new_name not in json.dumps(msg.get("result")):
            raise RuntimeError(f"unexpected hover answer: {msg}")
        hover_times.append(at - t0)
        cpu_times.append(client.cpu_seconds() - cpu0)
        time.sleep(0.2)
    rss = client.peak_rss_mb()
    client.close()
    return {
        "ops": ops, "mb": len(text.encode()) / 1e6, "open": opened, "diags": count,
        "edit": statistics.median(edit_times), "edit_max": max(edit_times),
        "hover": statistics.median(hover_times), "cpu": statistics.median(cpu_times),
        "rss": rss,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="12500,25000,50000,100000,200000",
                    help="numbers of ops (200,000 ops is about 20 MB)")
    ap.add_argument("--edits", type=int, default=5, help="edits per size (median reported)")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "tensor-lsp"], cwd=ROOT, check=True)
    server = ROOT / "target" / "release" / "tensor-lsp"

    rows = [measure(server, int(n), args.edits) for n in args.sizes.split(",")]
    print(f"tensor-lsp: time from an edit (didChange) to publishDiagnostics of that version,")
    print(f"median of {args.edits} edits; hover sent right after the edit (answered once the edit is analysed)")
    print(f"{'ops':>8} {'MB':>6} {'open s':>8} {'edit s':>8} {'max s':>7} {'hover s':>8} "
          f"{'cpu s':>7} {'growth':>7} {'diags':>6} {'RSS MB':>7}")
    prev = None
    for r in rows:
        growth = ""
        if prev and r["mb"] > prev["mb"]:
            growth = exponent(prev["edit"], r["edit"], r["mb"] / prev["mb"])
        print(f"{r['ops']:>8} {r['mb']:>6.1f} {r['open']:>8.3f} {r['edit']:>8.3f} {r['edit_max']:>7.3f} "
              f"{r['hover']:>8.3f} {r['cpu']:>7.3f} {growth:>7} {r['diags']:>6} {r['rss']:>7.0f}")
        prev = r
    print("cpu s: the server's CPU time per edit (median), which a busy machine does not inflate")
    print("growth: exponent of edit time against size between rows (1.00 = linear)")
    load = os.getloadavg()[0]
    print(f"load average during the run: {load:.1f} on {os.cpu_count()} CPUs "
          "(wall times stretch with it; cpu s does not)")
    largest = rows[-1]
    verdict = "yes" if largest["edit"] < 1.0 else "NO"
    print(f"diagnostics within a second of an edit at {largest['mb']:.1f} MB: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
