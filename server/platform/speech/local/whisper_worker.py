"""
The local speech recogniser (docs/decisions/0098): one resident process holding OpenAI Whisper base
(converted for faster-whisper, int8 on the CPU) loaded once, serving the platform over HTTP on
loopback. Inference runs one request at a time per process; more processes give more throughput.

  GET  /health      {"status":"ok", "model", "languages", "queued", "running", "processed", "busySeconds", "rssBytes"}
  POST /transcribe  body: 16 kHz mono s16le PCM; query: language=en|es|fr|auto, task=transcribe|translate,
                    vad=1|0, beam=1..5, words=1|0 (word timings; 0: text only, faster). Answers {"language", "languageProbability", "text", "words", "duration"}.

Started by the local stack (local/stack/speechWorkers.ts) as
  .local/speech-venv/bin/python server/platform/speech/local/whisper_worker.py --port N --model DIR
"""
import argparse
import json
import os
import resource
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import numpy as np
from faster_whisper import WhisperModel

LANGUAGES = ("en", "es", "fr")
SAMPLE_RATE = 16000
# Two hours of audio at most per request (230 MB of PCM), the longest the platform transcribes
# (MAX_TRANSCRIBE_SECONDS), with a minute to spare.
MAX_BODY_BYTES = (2 * 3600 + 60) * SAMPLE_RATE * 2


class Worker:
    def __init__(self, model_dir: str, threads: int):
        started = time.monotonic()
        self.model = WhisperModel(model_dir, device="cpu", compute_type="int8", cpu_threads=threads, num_workers=1)
        self.load_seconds = time.monotonic() - started
        self.model_name = os.path.basename(os.path.normpath(model_dir))
        self.lock = threading.Lock()
        self.counts_lock = threading.Lock()
        self.queued = 0
        self.running = 0
        self.processed = 0
        self.failed = 0
        self.busy_seconds = 0.0

    def health(self) -> dict:
        with self.counts_lock:
            return {
                "status": "ok",
                "model": self.model_name,
                "languages": list(LANGUAGES),
                "queued": self.queued,
                "running": self.running,
                "processed": self.processed,
                "failed": self.failed,
                "busySeconds": round(self.busy_seconds, 3),
                "loadSeconds": round(self.load_seconds, 3),
                "rssBytes": rss_bytes(),
                "pid": os.getpid(),
            }

    def _count(self, **deltas: int) -> None:
        with self.counts_lock:
            for key, delta in deltas.items():
                setattr(self, key, getattr(self, key) + delta)

    def transcribe(self, pcm: bytes, language: str, task: str, vad: bool, beam: int, words: bool = True) -> dict:
        self._count(queued=1)
        with self.lock:
            self._count(queued=-1, running=1)
            began = time.monotonic()
            try:
                result = self._transcribe(pcm, language, task, vad, beam, words)
                self._count(processed=1)
                return result
            except Exception:
                self._count(failed=1)
                raise
            finally:
                with self.counts_lock:
                    self.busy_seconds += time.monotonic() - began
                self._count(running=-1)

    def _transcribe(self, pcm: bytes, language: str, task: str, vad: bool, beam: int, words: bool) -> dict:
        audio = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
        duration = len(audio) / SAMPLE_RATE
        if duration < 0.1:
            return {"language": language if language in LANGUAGES else "en", "languageProbability": 0, "text": "", "words": [], "duration": duration}
        probability = 1.0
        if language == "auto":
            language, probability = self.detect(audio)
        segments, _info = self.model.transcribe(
            audio,
            language=language,
            task=task,
            beam_size=beam,
            # Word times cost an alignment pass: a live caption's partial line needs only the text.
            word_timestamps=words,
            without_timestamps=not words,
            vad_filter=vad,
            condition_on_previous_text=False,
        )
        timed = []
        texts = []
        for segment in segments:
            texts.append(segment.text.strip())
            for w in segment.words or []:
                word = w.word.strip()
                if word:
                    timed.append({"word": word, "start": round(w.start, 3), "end": round(w.end, 3), "confidence": round(w.probability, 3)})
        return {
            "language": language,
            "languageProbability": round(probability, 3),
            "text": " ".join(t for t in texts if t),
            "words": timed,
            "duration": round(duration, 3),
        }

    def detect(self, audio: np.ndarray) -> tuple:
        """The most probable of the platform's languages (Whisper knows 99; only these are offered)."""
        _language, _probability, all_probabilities = self.model.detect_language(audio)
        ours = [(lang, p) for lang, p in all_probabilities if lang in LANGUAGES]
        if not ours:
            return "en", 0.0
        total = sum(p for _, p in ours) or 1.0
        lang, p = max(ours, key=lambda pair: pair[1])
        return lang, p / total


def rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def make_handler(worker: Worker):
    class Handler(BaseHTTPRequestHandler):
        server_version = "speech-worker"

        def log_message(self, fmt, *args):  # the platform logs requests; keep stderr for errors
            return

        def answer(self, status: int, body: dict) -> None:
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            if urlparse(self.path).path == "/health":
                return self.answer(200, worker.health())
            return self.answer(404, {"error": "notFound"})

        def do_POST(self):
            url = urlparse(self.path)
            if url.path != "/transcribe":
                return self.answer(404, {"error": "notFound"})
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            language = query.get("language", "auto")
            task = query.get("task", "transcribe")
            vad = query.get("vad", "1") == "1"
            words = query.get("words", "1") == "1"
            try:
                beam = int(query.get("beam", "1"))
                length = int(self.headers.get("content-length", "-1"))
            except ValueError:
                return self.answer(400, {"error": "badRequest"})
            if language not in LANGUAGES + ("auto",) or task not in ("transcribe", "translate") or not 1 <= beam <= 5:
                return self.answer(400, {"error": "badRequest"})
            if length < 0 or length > MAX_BODY_BYTES or length % 2:
                return self.answer(400 if length <= MAX_BODY_BYTES else 413, {"error": "badBody"})
            pcm = self.rfile.read(length)
            if len(pcm) != length:
                return self.answer(400, {"error": "badBody"})
            try:
                return self.answer(200, worker.transcribe(pcm, language, task, vad, beam, words))
            except Exception as e:  # noqa: BLE001 - reported to the caller, which answers 503
                print(f"speech worker: transcription failed: {e!r}", file=sys.stderr, flush=True)
                return self.answer(500, {"error": "engine"})

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--model", required=True)
    parser.add_argument("--threads", type=int, default=int(os.environ.get("SPEECH_WORKER_THREADS", "2")))
    args = parser.parse_args()
    worker = Worker(args.model, args.threads)
    server = ThreadingHTTPServer((args.host, args.port), make_handler(worker))
    server.daemon_threads = True
    # Asked to stop (the stack's shutdown, Ctrl-C reaching the group): exit 0, which the supervisor does not restart.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"speech worker {os.getpid()} ready on {args.host}:{args.port} ({worker.model_name}, loaded in {worker.load_seconds:.2f} s)", flush=True)
    try:
        server.serve_forever()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
