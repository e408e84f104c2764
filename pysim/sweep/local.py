"""Seeds spread over local worker processes: each process plays seed after seed and sends
each row back as soon as it is done.

The workers are started fresh (spawn, not fork: the parent may hold threads, e.g. tqdm's or
a Dask client's) and import the same pysim as the parent: the parent's sys.path is handed
to them explicitly, so with the compiled build (build/compiled first on sys.path) every
worker runs compiled too. Workers ignore SIGINT: Ctrl-C reaches the parent, which stops them.
"""
import multiprocessing
import os
import signal
import sys

_job = None


def cpu_count():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _start(paths, job_dict):
    global _job
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.path[:] = paths
    from pysim.sweep.play import Job
    _job = Job(**job_dict)


def _play(seed):
    from pysim.sweep.play import play
    return play(_job, seed)


class LocalRunner:
    def __init__(self, workers):
        self.workers = max(1, int(workers))
        self.pool = None

    def run(self, job, seeds):
        """Rows of `seeds` as they finish (in finishing order)."""
        if not seeds:
            return
        if self.workers == 1:
            from pysim.sweep.play import play
            for s in seeds:
                yield play(job, s)
            return
        ctx = multiprocessing.get_context("spawn")
        self.pool = ctx.Pool(min(self.workers, max(1, len(seeds))), initializer=_start,
                             initargs=(list(sys.path), job.as_dict()))
        try:
            for row in self.pool.imap_unordered(_play, seeds, chunksize=1):
                yield row
        finally:
            self.stop()

    def stop(self):
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None
