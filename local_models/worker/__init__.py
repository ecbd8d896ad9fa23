"""Local models run in worker processes, never inside the proxy.

llama.cpp can crash the process it runs in (a build with instructions the CPU cannot run,
a malformed file, memory running out), and it holds the GIL-free cores for seconds at a
time. So each GGUF model runs in its own child process (``server``), an OpenAI-compatible
HTTP server on loopback around veil's own llama.cpp backend; the proxy talks to it through
``WorkerLLM`` (``supervisor``), which starts it on first use, restarts it after a crash,
kills it when a call overruns its deadline, and stops it with veil.
"""
