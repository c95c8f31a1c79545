  /* Merged search graphs (DAGs): one node per position, or per symmetry class.
   *
   * A node may have several parents. The page lays out the open part of the graph as a
   * tree -- each shown node under the first open parent that reaches it, breadth first,
   * the principal variation first and then the parents in visit order -- and draws every
   * other edge between shown nodes as a dashed cross edge to the same node. So the
   * layout stays the familiar, readable tree, nothing is drawn twice, and every move
   * is there: a position reached by three moves shows one solid and two dashed edges.
   */
  const DAG_BOUND = ["", "≥ ", "≤ "];
  const SYMMETRIES = (() => {
    const maps = [];
    for (const flip of [false, true]) {
      for (let turns = 0; turns < 4; turns++) {
        const image = [];
        for (let cell = 0; cell < 9; cell++) {
          let r = (cell / 3) | 0, c = cell % 3;
          if (flip) c = 2 - c;
          for (let k = 0; k < turns; k++) [r, c] = [c, 2 - r];
          image.push(3 * r + c);
        }
        maps.push(image);
      }
    }
    return maps;
  })();

  /** The 8 images of a FEN under the board's symmetries, in the page's normal form (see normalFen). */
  function symmetricFens(fen) {
    const norm = normalFen(fen);
    const parts = norm.split(" "), cells = parts[0];
    const out = [];
    for (const map of SYMMETRIES) {
      const image = new Array(cells.length).fill(".");
      if (cells.length === 81) {
        for (let k = 0; k < 81; k++) image[9 * map[(k / 9) | 0] + map[k % 9]] = cells[k];
        const last = +parts[1];
        const moved = last >= 11 ? 10 * (map[((last / 10) | 0) - 1] + 1) + map[(last % 10) - 1] + 1 : 0;
        out.push([image.join(""), String(moved).padStart(2, "0"), parts[2]].join(" "));
      } else if (cells.length === 9) {
        for (let k = 0; k < 9; k++) image[map[k]] = cells[k];
        out.push([image.join(""), ...parts.slice(1)].join(" "));
      }
    }
    return out;
  }

  class DagGraph {
    constructor(d) {
      const n = d.n, N = d.N;
      this.kind = "dag";
      this.n = n; this.N = N; this.m = N - n; this.T = 0;
      this.meta = d.meta; this.fens = d.fens; this.nums = d.nums.map(num);
      this.fen = new Int32Array(d.fen);
      this.depth = new Int32Array(d.depth);
      this.value = column(d.value, n); this.bound = column(d.bound, n);
      this.low = column(d.low, n); this.high = column(d.high, n);
      this.leaf = column(d.leaf, n); this.outcome = column(d.outcome, N);
      this.merged = new Int32Array(d.merged);
      this.best = new Uint8Array(N);
      for (const k of d.best) this.best[k] = 1;
      this.hidden = new Int32Array(N);
      for (let j = 0; j < d.hidden.length; j += 2) this.hidden[d.hidden[j]] = d.hidden[j + 1];
      this.results = new Map();
      for (let j = 0; j < d.results.length;) {
        const k = d.results[j], count = d.results[j + 1], list = [];
        for (let r = 0; r < count; r++) list.push([this.nums[d.results[j + 2 + 2 * r]], d.results[j + 3 + 2 * r]]);
        this.results.set(k, list);
        j += 2 + 2 * count;
      }
      this.stubCut = new Int8Array(d.stubs.cut);
      this.stubValue = new Int32Array(d.stubs.value); this.stubBound = new Int32Array(d.stubs.bound);
      const e = d.edges, E = e.src.length;
      this.edgeLabels = e.labels;
      this.eSrc = new Int32Array(e.src); this.eDst = new Int32Array(e.dst);
      this.eLabel = new Int32Array(e.label); this.eFlags = new Uint8Array(e.flags);
      this.edgeAt = new Map();
      const kidLists = Array.from({ length: N }, () => []), parentLists = Array.from({ length: N }, () => []);
      for (let k = 0; k < E; k++) {
        const u = this.eSrc[k], v = this.eDst[k];
        kidLists[u].push(v); parentLists[v].push(u);
        this.edgeAt.set(u * N + v, k);
      }
      this.kidLists = kidLists.map((l) => Int32Array.from(l));
      this.parentLists = parentLists;
      // The first parent in visit order: the moves shown from the root and the ancestors opened by "find".
      this.parent = new Int32Array(N).fill(-1);
      for (let v = 1; v < N; v++) if (parentLists[v].length) this.parent[v] = Math.min(...parentLists[v]);
      this.move = new Int32Array(N).fill(-1);  // a shared position has no single last move to tint
      this.size = new Int32Array(N).fill(1);
      this.board = boardOf(d);
      this.sides = d.side === undefined ? null : column(d.side, N);
      this.pictures = d.pictures || null;
      this.isAlphaBeta = this.meta.algorithm === "alphabeta";
      this.symmetric = this.meta.merge === "symmetry";
      this._fenIndex = null;
    }

    children(i) { return this.kidLists[i]; }
    parentsOf(i) { return this.parentLists[i]; }
    edge(p, c) { return this.edgeAt.get(p * this.N + c); }
    edgeLabel(p, c) { const k = this.edge(p, c); return k === undefined ? "" : this.edgeLabels[this.eLabel[k]]; }
    edgeFlags(p, c) { const k = this.edge(p, c); return k === undefined ? 0 : this.eFlags[k]; }
    label(i) { return this.parent[i] < 0 ? "" : this.edgeLabel(this.parent[i], i); }
    moveName(mv) { return this.board.moves === "cell" ? String(mv + 1) : String(mv); }
    displayName() {
      const a = this.meta.algorithm === "alphabeta" ? "alpha-beta" : this.meta.algorithm || "search";
      return `${a} (${this.symmetric ? "symmetry" : "transpositions"})`;
    }
    isStub(i) { return i >= this.n; }
    visitNo(i) { return i; }
    fenOf(i) { return this.fens[this.fen[i]]; }
    sideOf(i) { return sideName(this, i); }
    sideClass(i) { return SIDE_CLASSES[sideIndex(this, i)]; }
    numOf(k) { return k < 0 ? null : this.nums[k]; }
    valueText(i) {
      const b = this.bound[i];
      if (b === 3) return `[${fmtNum(this.numOf(this.low[i]))}, ${fmtNum(this.numOf(this.high[i]))}]`;
      const v = this.numOf(this.value[i]);
      return v === null ? "?" : DAG_BOUND[Math.max(b, 0)] + fmtNum(v);
    }
    rootValueText() { return this.valueText(0); }
    valueClass(i) {
      if (this.bound[i] === 3) return "vd";
      const v = this.numOf(this.value[i]);
      return v === null ? "vd" : v > 0 ? "vx" : v < 0 ? "vo" : "vd";
    }
    cutText(i) {
      if (i < this.n) return null;
      const j = i - this.n, c = this.stubCut[j];
      const v = this.numOf(this.stubValue[j]), b = this.numOf(this.stubBound[j]);
      if (c < 0 || v === null) return { name: c >= 0 ? CUT_NAME[c] : "pruned", test: "", text: "pruned" };
      const test = cutTest(c, v, b, this.board.signed !== false);
      return { name: CUT_NAME[c], test, text: `${CUT_NAME[c]}: ${test}` };
    }
    pathTo(i) {
      const out = [];
      for (let a = i; a >= 0; a = this.parent[a]) out.push(a);
      return out.reverse();
    }
    /** Nodes of this position (of its symmetry class, in a symmetry DAG). */
    find(fen) {
      if (!this._fenIndex) {
        this._fenIndex = new Map();
        this.fens.forEach((f, k) => this._fenIndex.set(normalFen(f, this.board), k));
      }
      const wanted = new Set();
      for (const f of this.symmetric ? symmetricFens(fen) : [normalFen(fen, this.board)]) {
        const k = this._fenIndex.get(f);
        if (k !== undefined) wanted.add(k);
      }
      const out = [];
      for (let i = 0; i < this.N; i++) if (wanted.has(this.fen[i])) out.push(i);
      return out;
    }
  }

  class DagViewer extends Viewer {
    setup() {
      this.treeKids = new Map();
      this.crossEdges = [];
    }

    buildDom(host) {
      super.buildDom(host);
      const t = this.t, meta = t.meta, root = this.root, $ = (sel) => root.querySelector(sel);
      root.classList.add("dag");
      const algo = meta.algorithm === "alphabeta" ? "alpha-beta" : meta.algorithm || "search";
      $("h2 .algo").textContent = `${algo}, ${t.symmetric ? "symmetries" : "transpositions"} merged`;
      $("h2 .count").innerHTML = `· <b class="nodes">${fmtInt(meta.nodes ?? t.n)}</b> positions (${fmtInt(meta.tree_nodes ?? 0)} tree nodes)`;
      $(".replay").style.display = "none";  // a merged graph has no single visit order to replay
      $(".legend").innerHTML = '<span class="sw" style="background:var(--pv)"></span>principal variation'
        + '<span class="sw xl"></span>another move into a shared position'
        + (t.m ? '<span class="sw" style="background:#b9c0c8"></span>pruned' : "")
        + (t.symmetric ? " · boards in canonical orientation" : "");
      this.gCross = this.gZoom.insert("g", "g.labels").attr("class", "xlinks");
      this.gCrossLabels = this.gZoom.insert("g", "g.nodes").attr("class", "xlabels");
    }

    /** Breadth first from the root over open nodes: each shown node goes under the first parent that reaches it. */
    prepareLayout() {
      const t = this.t;
      this.treeKids = new Map();
      this.crossEdges = [];
      const placed = new Uint8Array(t.N);
      placed[0] = 1;
      let frontier = [0];
      while (frontier.length) {
        const next = [];
        // The principal variation claims its children first, so it is drawn as one unbroken line.
        frontier.sort((a, b) => t.best[b] - t.best[a]);
        for (const u of frontier) {
          if (u >= t.n || !this.isOpen(u)) continue;
          const mine = [];
          for (const c of t.children(u)) {
            if (placed[c]) { this.crossEdges.push([u, c]); continue; }
            placed[c] = 1;
            mine.push(c);
            next.push(c);
          }
          if (mine.length) this.treeKids.set(u, mine);
        }
        frontier = next;
      }
    }

    visibleKids(i) { return this.treeKids.get(i) || null; }
    showsOpen(i) { return this.isOpen(i) && this.t.children(i).length > 0; }
    edgeLabel(p, c) { return this.t.edgeLabel(p, c); }
    linkIsBest(p, c) { return (this.t.edgeFlags(p, c) & 2) !== 0; }
    linkClass(p, c) {
      const f = this.t.edgeFlags(p, c);
      return "link" + (f & 1 ? " pruned" : "") + (f & 2 ? " best" : "");
    }

    drawExtraLinks() {
      const t = this.t, geo = this.geo, pos = this.pos;
      const shown = this.crossEdges.filter(([u, c]) => pos.has(u) && pos.has(c));
      const path = ([u, c]) => {
        const a = pos.get(u), b = pos.get(c);
        const sx = a.x, sy = a.y + geo.H + 1, tx = b.x, ty = b.y;
        const my = (sy + ty) / 2;
        return `M${sx},${sy}C${sx},${my} ${tx},${my} ${tx},${ty}`;
      };
      const key = ([u, c]) => u * t.N + c;
      this.gCross.selectAll("path.link").data(shown, key).join("path")
        .attr("class", ([u, c]) => this.linkClass(u, c) + " xlink")
        .attr("d", path);
      this.gCrossLabels.selectAll("g.mvlabel").data(shown, key)
        .join((enter) => enter.append("g").each(function ([u, c]) {
          const text = t.edgeLabel(u, c), w = Math.max(18, 7 * text.length + 8);
          el(this, "rect", { x: -w / 2, y: -8, width: w, height: 16, rx: 8 });
          el(this, "text", {}, text);
        }))
        .attr("class", ([u]) => `mvlabel xlabel ${t.sideClass(u)}`)
        .attr("transform", ([u, c]) => {
          const a = pos.get(u), b = pos.get(c);  // a third of the way down, away from the tree edges' labels
          return `translate(${a.x + (b.x - a.x) / 3},${a.y + geo.H + (b.y - a.y - geo.H) / 3})`;
        });
    }

    expandAll() {
      const t = this.t;
      this.expanded.fill(0);
      const seen = new Uint8Array(t.N);
      seen[0] = 1;
      let shown = 1, frontier = [0];
      while (frontier.length) {
        const next = [];
        for (const i of frontier) {
          const fresh = Array.from(t.children(i)).filter((c) => !seen[c]);
          if (shown + fresh.length > EXPAND_ALL_LIMIT) return;
          this.expanded[i] = 1;
          shown += fresh.length;
          for (const c of fresh) { seen[c] = 1; if (c < t.n) next.push(c); }
        }
        frontier = next;
      }
    }

    statusText() { return ""; }
    narration() { return ""; }
    /** A DAG is no tree: a shared position would need one item under each of its parents. */
    hasOutline() { return false; }

    buildText(g, i, tx) {
      const t = this.t;
      const lines = [22, 38, 54].map((y) => y + (t.board.nested ? 12 : 0));
      g._val = el(g, "text", { class: "val", x: tx, y: lines[0] });
      const side = el(g, "text", { class: "side", x: tx, y: lines[1] });
      const oc = t.outcome[i];
      if (oc >= 0) side.textContent = outcomeText(t.board, oc);
      else fillSide(side, t, i);
      el(g, "text", { class: "ord merged", x: tx, y: lines[2] }, `×${fmtInt(t.merged[i])}`);
    }

    updateText(g, i) {
      g._val.textContent = this.t.valueText(i);
      g._val.setAttribute("class", "val " + this.t.valueClass(i));
    }

    moreText(i) {
      const t = this.t, kids = t.children(i).length;
      if (kids) return `+${kids}`;
      if (t.hidden[i]) return `+${fmtInt(t.hidden[i])} not shown`;
      return "";
    }

    showInfo() {
      const t = this.t;
      const i = this.hovered >= 0 ? this.hovered : this.selected;
      if (i < 0 || !this.pos.has(i)) { this.info.innerHTML = ""; return; }
      const path = t.pathTo(i);
      const moves = path.slice(1).map((k, j) => `<span class="mv ${t.sideClass(path[j])}">${escapeHtml(t.edgeLabel(path[j], k))}</span>`).join(" ");
      const rows = [`<div class="path">${moves ? "Moves: " + moves : "Root position"}</div>`,
        `<div><code>${escapeHtml(t.fenOf(i))}</code>${t.symmetric ? ' <span class="dim">(canonical board of its class)</span>' : ""}</div>`];
      if (i >= t.n) {
        const cut = t.cutText(i);
        rows.push(`<div>Only reached by pruned moves (first: ${cut.name} ${cut.test}): never searched.</div>`);
      } else {
        const parts = [`value <b>${escapeHtml(t.valueText(i))}</b>`, `ply ${t.depth[i]}`];
        if (t.outcome[i] >= 0) parts.push(outcomeText(t.board, t.outcome[i]));
        rows.push(`<div>${parts.join(" · ")}</div>`);
        const results = t.results.get(i);
        if (results) {
          const texts = results.map(([v, b]) => (b === 1 ? "≥ " : b === 2 ? "≤ " : "= ") + fmtNum(v));
          rows.push(`<div class="dim">the search returned ${texts.join(", ")} at its different visits</div>`);
        }
      }
      const parents = t.parentsOf(i);
      const from = parents.length ? `, reached from ${plural(parents.length, "position")}` : "";
      rows.push(`<div class="dim">stands for ${plural(t.merged[i], "tree node")}${from}</div>`);
      if (t.hidden[i]) rows.push(`<div class="dim">${plural(t.hidden[i], "more position")} below left out of this page (max-nodes)</div>`);
      this.info.innerHTML = rows.join("");
    }
  }
