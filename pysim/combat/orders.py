"""The player's combat orders: a minion's stance (STANCE-01) and an attack on a chosen
enemy (the ordered target comes before the nearest one, targets.py).

  {"type": "set_stance", "entity": minion, "stance": name or 0..4}
  {"type": "order_attack", "entity": id | "entities": [ids], "target": id}

Events: stance_changed, attack_ordered.
"""
from pysim.combat import awareness as A, body_orders as BO, fighter as F, stance as ST
from pysim.core import commands as C, entities as E


def need_own_minion(game, cmd, key="entity"):
    """Refusal reason unless cmd[key] is one of the player's minions."""
    r = C.need_entity(game, cmd, key)
    if r:
        return r
    e = game.entities[int(cmd[key])]
    if e.kind != E.MINION or e.side != E.DUNGEON:
        return "Only your minions take that order."
    return None


@C.command("set_stance")
class SetStance:
    def check(game, cmd):
        r = need_own_minion(game, cmd)
        if r:
            return r
        if "stance" not in cmd or ST.parse(cmd["stance"]) is None:
            return "Stance must be one of: %s (or 0..4)." % ", ".join(ST.NAMES)
        return None

    def apply(game, cmd):
        e = game.entities[int(cmd["entity"])]
        s = ST.parse(cmd["stance"])
        if e.fighter.stance != s:
            e.fighter.stance = s
            game.emit("stance_changed", entity=e.id, stance=s, name=ST.NAMES[s])


def _attackers(cmd):
    if "entities" in cmd and isinstance(cmd["entities"], list):
        return cmd["entities"]
    return [cmd.get("entity")]


@C.command("order_attack")
class OrderAttack:
    """{"type": "order_attack", "entity": id | "entities": [ids], "target": id}"""
    def check(game, cmd):
        r = C.need_entity(game, cmd, "target")
        if r:
            return r
        ids = _attackers(cmd)
        if not ids:
            return "Choose minions to attack with."
        for i in ids:
            r = need_own_minion(game, {"type": "order_attack", "entity": i})
            if r:
                return r
            if not F.can_fight(game.entities[int(i)]):
                return "That minion is in no state to fight."
        t = game.entities[int(cmd["target"])]
        if F.fighter_of(t) is None:
            return "That is not an enemy."
        # an enemy up and able to fight (the table names what works on anyone else)
        return BO.refusal(game, "order_attack", t)

    def apply(game, cmd):
        t = game.entities[int(cmd["target"])]
        for i in _attackers(cmd):
            e = game.entities[int(i)]
            e.fighter.ordered_target = t.id
            A.learn(e.fighter, t, game.tick)   # the player points it out
            game.emit("attack_ordered", entity=e.id, target=t.id)
