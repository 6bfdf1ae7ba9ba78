#!/usr/bin/env python3
"""Writes the demo graphs embedded in frontier-lab (resources/demo/) from the
copies in Debian's python3-networkx (BSD-3-Clause):

- karate.txt: Zachary's karate club (Zachary 1977), a SNAP edge list;
- lesmis.graph: co-appearances in Les Miserables (Knuth, The Stanford
  GraphBase, 1993), METIS with edge weights (fmt 1), vertex names in comments.

Run from the repository root: python3 scripts/write-demo-graphs.py
"""

import pathlib

import networkx as nx

OUT = pathlib.Path(__file__).resolve().parent.parent / "resources" / "demo"


def write_karate(path):
    g = nx.karate_club_graph()
    lines = [
        "# Zachary's karate club: 34 members of a university karate club, 78 friendships.",
        "# W. W. Zachary, An information flow model for conflict and fission in small groups,",
        "# Journal of Anthropological Research 33(4), 452-473, 1977.",
        f"# Written by scripts/write-demo-graphs.py from networkx {nx.__version__} (BSD-3-Clause),",
        "# networkx.karate_club_graph(). SNAP edge list, undirected.",
        "# FromNodeId\tToNodeId",
    ]
    lines += [f"{u}\t{v}" for u, v in sorted((min(u, v), max(u, v)) for u, v in g.edges())]
    path.write_text("\n".join(lines) + "\n")


def write_lesmis(path):
    g = nx.les_miserables_graph()
    names = sorted(g.nodes())
    index = {name: i + 1 for i, name in enumerate(names)}  # METIS ids start at 1
    lines = [
        "% Co-appearances of the characters of Victor Hugo's Les Miserables:",
        "% an edge joins two characters who appear in the same chapter, weighted by",
        "% the number of such chapters.",
        "% D. E. Knuth, The Stanford GraphBase: A Platform for Combinatorial Computing,",
        "% Addison-Wesley, 1993.",
        f"% Written by scripts/write-demo-graphs.py from networkx {nx.__version__} (BSD-3-Clause),",
        "% networkx.les_miserables_graph(). METIS, undirected, edge weights (fmt 1).",
        "% Vertex names:",
    ]
    lines += [f"% {index[name]} {name}" for name in names]
    lines.append(f"{g.number_of_nodes()} {g.number_of_edges()} 1")
    for name in names:
        neighbours = sorted(g[name], key=lambda other: index[other])
        lines.append(" ".join(f"{index[other]} {int(g[name][other]['weight'])}" for other in neighbours))
    path.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    write_karate(OUT / "karate.txt")
    write_lesmis(OUT / "lesmis.graph")
