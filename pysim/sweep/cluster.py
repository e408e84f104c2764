"""Seeds spread over a Dask distributed cluster (--scheduler tcp://host:8786).

How pysim reaches the workers: each task carries the folder the parent imported pysim from
(build/compiled for the compiled build) and puts it first on the worker's sys.path before
importing pysim. So the folder must exist at the same path on every worker machine (a
shared or synced folder, e.g. the project on NFS), or the workers must have been started
with pysim importable (`PYTHONPATH=/path/to/build/compiled dask worker ...`). The task
function is sent by value (cloudpickle), so the workers need nothing of pysim to unpickle
it (see remote_task). Each row says which build played it; the state hash is the same for
both builds, and the parent replays the first seed to check it (sweep.verify_hashes).
Start workers with one thread each (`dask worker ADDRESS --nworkers N --nthreads 1`): the
threads of one worker process play one game at a time (pysim.sweep.play), so parallel runs
need worker processes.
"""
import os

BATCH = 4


def pysim_root():
    """The sys.path folder this process imports pysim from."""
    import pysim
    return os.path.dirname(os.path.dirname(os.path.abspath(pysim.__file__)))


def remote_task():
    """The task function the workers run, made here so that it pickles by value: Dask tries
    plain pickle first, which would send a module-level function as a reference to
    "pysim.sweep...", and a worker that cannot import pysim yet could not unpickle that."""
    def play_on_worker(root, job_dict, seeds):
        # pysim from the parent's folder when the worker can see it and has not imported a
        # pysim already (an in-process cluster shares the parent's).
        import os
        import sys
        if "pysim" not in sys.modules and os.path.isdir(os.path.join(root, "pysim")):
            sys.path.insert(0, root)
        from pysim.sweep.play import play_many
        return play_many(job_dict, seeds)
    return play_on_worker


class DaskRunner:
    def __init__(self, scheduler=None, client=None, batch=BATCH):
        self.scheduler = scheduler
        self.client = client
        self.own_client = client is None
        self.batch = max(1, int(batch))
        self.futures = []

    def run(self, job, seeds):
        from distributed import Client, as_completed
        if self.client is None:
            self.client = Client(self.scheduler)
        root = pysim_root()
        job_dict = job.as_dict()
        batches = [list(seeds[i:i + self.batch]) for i in range(0, len(seeds), self.batch)]
        task = remote_task()
        self.futures = [self.client.submit(task, root, job_dict, b, pure=False)
                        for b in batches]
        try:
            for fut in as_completed(self.futures):
                for row in fut.result():
                    yield row
        finally:
            self.stop()

    def stop(self):
        # only the runs not done are cancelled (a sweep stopped early); the done ones are let
        # go, so nothing is left talking to the scheduler as the client closes
        pending = [f for f in self.futures if not f.done()]
        self.futures = []
        if pending and self.client is not None:
            self.client.cancel(pending)
        if self.own_client and self.client is not None:
            self.client.close()
            self.client = None
