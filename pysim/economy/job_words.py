"""The Info tab's words for the economy's jobs (describe(id): job_phrase, job_at), so a
minion's panel says "mining the metal vein in the north quarters" rather than "mine".
Sleep says its own (sleep_view.py describe_sleep)."""
from pysim.core import snapshot
from pysim.economy import econ_state as S, furniture


def _furniture(game, job, verb):
    b = S.state_of(game).blueprints.get(job[1])
    if b is None:
        return None
    return "%s the %s" % (verb, furniture.KINDS[b[0]].label.lower()), [b[1], b[2]]


def _phrase(game, job):
    kind = job[0]
    if kind == "mine":
        return "mining the metal vein", [job[4], job[5]]
    if kind == "dig":
        return "digging out the rock", [job[4], job[5]]
    if kind == "treasure_haul":
        if job[2] == 0:
            return "fetching treasure", [job[4], job[5]]
        return "carrying treasure to the treasury", [job[6], job[7]]
    if kind == "furn_haul":
        return _furniture(game, job, "hauling metal to")
    if kind == "furn_build":
        return _furniture(game, job, "building")
    return None


@snapshot.describe_part
def describe_job(game, e, info):
    job = getattr(e, "job", None)
    if job is None:
        return
    said = _phrase(game, job)
    if said is not None:
        info["job_phrase"], info["job_at"] = said
