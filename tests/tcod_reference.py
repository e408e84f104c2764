"""python-tcod graphs with our path rules: the reference the pathfinding tests compare
against and the peer the benchmark races (build/bench/bench_core.py)."""
import numpy as np
import tcod.path


def tcod_graph(cost, cut_corners=False, astar=False):
    """tcod graph with our rules (cardinal 2, diagonal 3); without corner cutting a
    diagonal edge exists only where both orthogonal neighbours it passes are open (tcod's
    `condition` is on the source). `astar`: set_heuristic with the lowest step costs
    (cardinal 2, diagonal 3 on tiles of cost 1), so tcod searches as A* (the benchmark's
    fair peer), not in Dijkstra order."""
    if cut_corners:
        graph = tcod.path.SimpleGraph(cost=cost, cardinal=2, diagonal=3)
        if astar:
            graph.set_heuristic(cardinal=2, diagonal=3)
        return graph
    graph = tcod.path.CustomGraph(cost.shape)
    graph.add_edges(edge_map=[[0, 2, 0], [2, 0, 2], [0, 2, 0]], cost=cost)
    open_ = np.pad(cost > 0, 1)
    h, w = cost.shape
    for dy in (-1, 1):
        for dx in (-1, 1):
            side_y = open_[1 + dy:1 + dy + h, 1:1 + w]
            side_x = open_[1:1 + h, 1 + dx:1 + dx + w]
            graph.add_edge((dy, dx), 3, cost=cost, condition=(side_y & side_x).astype(np.int8))
    if astar:
        graph.set_heuristic(cardinal=2, diagonal=3)
    return graph
