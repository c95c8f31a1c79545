/* treeviz interactive tree page.
 *
 * The tree arrives as columns (treeviz/pages/tree_page.py). Entered nodes are numbered in
 * visit order, which is depth-first order, so the subtree of node i is the id range
 * [i, i + size[i]) and the search's event sequence (enter, ..., leave) can be replayed
 * without searching: node i is entered at event 2i - depth(i) and returns at event
 * 2i - depth(i) + 2 size(i) - 1. Only the nodes the reader opens are laid out (d3.tree)
 * and put in the DOM.
 */
(function () {
  "use strict";
  const tStart = performance.now();
  const payload = JSON.parse(document.getElementById("treeviz-data").textContent);
  const tParsed = performance.now();
  const SVGNS = "http://www.w3.org/2000/svg";
  const SIDE_CLASSES = ["x", "o", "c"];
  /** How a position is drawn when the data does not say (the game's adapter says it: treeviz/games/). */
  const GRID_BOARD = { kind: "grid", title: "", players: ["x", "o"], size: 3, block: 3, stones: "xo", moves: "cell" };
  const CUT_NAME = ["α-cut", "β-cut"];
  const BOUND_PREFIX = ["", "≥ ", "≤ "];
  const EXPAND_ALL_LIMIT = 2000;

  const num = (v) => (v === "inf" ? Infinity : v === "-inf" ? -Infinity : v);
  const fmtInt = (n) => n.toLocaleString("en-US");
  const plural = (n, word) => `${fmtInt(n)} ${word}${n === 1 ? "" : "s"}`;

  function column(c, n) {
    if (typeof c === "number") {
      const a = new Int32Array(n);
      if (c !== 0) a.fill(c);
      return a;
    }
    return new Int32Array(c);
  }

  function fmtNum(v) {
    if (v === Infinity) return "+∞";
    if (v === -Infinity) return "−∞";
    if (v === 0) return "0";
    let s;
    if (Number.isInteger(v)) s = String(Math.abs(v));
    else s = Math.abs(v) >= 100 ? Math.abs(v).toFixed(0) : Math.abs(v) >= 10 ? Math.abs(v).toFixed(1) : Math.abs(v).toFixed(2);
    return (v > 0 ? "+" : "−") + s;
  }

  /** A value as the figures write it (treeviz.draw.labels.format_number): a sign only when the game's values carry
   * one (a textbook tree's 3 has none), a real minus sign, at most two decimals. */
  function formatNumber(v, signed) {
    if (v === null || v === undefined) return "?";
    if (signed) return fmtNum(v);
    if (v === Infinity) return "+∞";
    if (v === -Infinity) return "−∞";
    const s = Number.isInteger(v) ? String(Math.abs(v)) : Math.abs(v).toFixed(2).replace(/0+$/, "");
    return (v < 0 ? "−" : "") + s;
  }

  /** The comparison behind a cut, in the figures' words (treeviz.draw.labels.cut_text): "2 ≤ α=3", "5 ≥ β=3";
   * ``c`` is the cut's code (0 α-cut, 1 β-cut). */
  function cutTest(c, value, bound, signed) {
    return c === 1 ? `${formatNumber(value, signed)} ≥ β=${formatNumber(bound, signed)}`
      : `${formatNumber(value, signed)} ≤ α=${formatNumber(bound, signed)}`;
  }

  function escapeHtml(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  /** The cells of a FEN's board field, one character per cell ('x', 'o' or '.'). */
  function fenCells(fen) {
    const field = fen.split(" ")[0];
    let out = "";
    for (const ch of field) out += ch >= "1" && ch <= "9" ? ".".repeat(+ch) : ch;
    return out;
  }

  /** The board description of a tree's data (a grid: size x size cells, in blocks of block x block). */
  function boardOf(d) {
    const board = Object.assign({}, GRID_BOARD, d.board || {});
    board.nested = board.size > board.block;
    return board;
  }

  /** A game's result in words: "x wins", "draw" (code: 0 the first player won, 1 the second, 2 a draw). */
  function outcomeText(board, code) {
    return code === 2 ? "draw" : `${board.players[code]} wins`;
  }

  /** Whether a game's picture of a position is SVG (else it is text, drawn in a monospace box). */
  const isSvg = (p) => /^\s*<(svg|\?xml)/i.test(String(p));

  /** The side to move at node i of a tree (0 the first player, 1 the second, 2 chance): the data's side column
   * (any game), or for grid games the FEN's last letter. */
  function sideIndex(tree, i) {
    if (tree.sides) return tree.sides[i];
    const f = tree.fenOf(i);
    return tree.board.players.indexOf(f.charAt(f.length - 1)) === 1 ? 1 : 0;
  }

  /** Who moves at node i, in words: the player's name, or "chance". */
  function sideName(tree, i) {
    if (!tree.sides) { const f = tree.fenOf(i); return f.charAt(f.length - 1); }
    const s = tree.sides[i];
    return s === 2 ? "chance" : tree.board.players[s];
  }

  /** The text beside a node's picture saying who moves ("x to move", "chance node"), or a textbook leaf's "leaf". */
  function fillSide(side, tree, i) {
    const s = sideName(tree, i);
    if (tree.sides && tree.leaf && tree.leaf[i] === 0) { side.textContent = "leaf"; return; }
    el(side, "tspan", { class: "s" + SIDE_CLASSES[sideIndex(tree, i)] }, s);
    side.appendChild(document.createTextNode(s === "chance" ? " node" : " to move"));
  }

  /** The sentences of the search's trace by the replay step that shows them (treeviz/pages/page_trace.py: the same
   * words as the trace CSV, the slides and the videos; rows of one step joined), or null when the data carries no
   * trace (a search too long for one, a merged graph): the page's own words narrate those. */
  function traceSentences(d) {
    const tr = d.trace;
    if (!tr || !Array.isArray(tr.step) || !Array.isArray(tr.text)) return null;
    const out = new Map();
    tr.step.forEach((s, k) => {
      const text = String(tr.text[k]).trim();
      if (!text) return;
      const said = /[.!?]$/.test(text) ? text : text + ".";
      out.set(s, out.has(s) ? `${out.get(s)} ${said}` : said);
    });
    return out;
  }

  /** A FEN written with single-cell runs, so that "11" and "2" compare equal (grid games); other games' position
   * texts as typed, blanks at the ends trimmed. */
  function normalFen(fen, board) {
    if (board && board.kind && board.kind !== "grid") return fen.trim();
    const parts = fen.trim().toLowerCase().split(/\s+/);
    if (!parts[0]) return "";
    parts[0] = fenCells(parts.join(" "));
    return parts.join(" ");
  }

  // ------------------------------------------------------------------ the tree model
  class Tree {
    constructor(d) {
      const n = d.n, m = d.stubs.n, N = n + m;
      this.n = n; this.m = m; this.N = N; this.T = 2 * n;
      this.meta = d.meta; this.fens = d.fens; this.nums = d.nums.map(num); this.labels = d.labels;
      this.depth = new Int32Array(N); this.depth.set(d.depth);
      this.move = new Int32Array(N); this.move.set(column(d.move, n));
      this.fen = new Int32Array(N); this.fen.set(d.fen);
      this.value = column(d.value, n); this.bound = column(d.bound, n);
      this.alpha = column(d.alpha, n); this.beta = column(d.beta, n);
      this.leaf = column(d.leaf, n); this.outcome = column(d.outcome, n);
      this.order = d.order ? new Int32Array(d.order) : null;
      this.best = new Uint8Array(N);
      for (const k of d.best) this.best[k] = 1;
      this.hidden = new Int32Array(n);
      for (let j = 0; j < d.hidden.length; j += 2) this.hidden[d.hidden[j]] = d.hidden[j + 1];
      this.cut = new Int8Array(n).fill(-1);
      this.cutValue = new Int32Array(n); this.cutBound = new Int32Array(n); this.prunedCount = new Int32Array(n);
      for (let j = 0; j < d.cuts.length; j += 5) {
        const k = d.cuts[j];
        this.cut[k] = d.cuts[j + 1]; this.cutValue[k] = d.cuts[j + 2];
        this.cutBound[k] = d.cuts[j + 3]; this.prunedCount[k] = d.cuts[j + 4];
      }
      const parent = (this.parent = new Int32Array(N));
      const stack = [];
      for (let i = 0; i < n; i++) {
        const dd = this.depth[i];
        parent[i] = dd ? stack[dd - 1] : -1;
        stack[dd] = i;
      }
      const s = d.stubs;
      this.stubCut = new Int8Array(m); this.stubValue = new Int32Array(m); this.stubBound = new Int32Array(m);
      for (let j = 0; j < m; j++) {
        const i = n + j;
        parent[i] = s.parent[j];
        this.depth[i] = this.depth[s.parent[j]] + 1;
        this.move[i] = s.move[j];
        this.fen[i] = s.fen[j];
        this.stubCut[j] = s.cut[j]; this.stubValue[j] = s.value[j]; this.stubBound[j] = s.bound[j];
      }
      const size = (this.size = new Int32Array(n));
      for (let i = n - 1; i >= 0; i--) {
        size[i] += 1;
        if (parent[i] >= 0) size[parent[i]] += size[i];
      }
      const start = (this.childStart = new Int32Array(N + 1));
      for (let i = 1; i < N; i++) start[parent[i] + 1]++;
      for (let i = 0; i < N; i++) start[i + 1] += start[i];
      const fill = start.slice(0, N);
      const kids = (this.kids = new Int32Array(Math.max(N - 1, 0)));
      for (let i = 1; i < N; i++) kids[fill[parent[i]]++] = i;
      this.board = boardOf(d);
      this.sides = d.side === undefined ? null : column(d.side, N);
      this.pictures = d.pictures || null;
      this.isAlphaBeta = ["alphabeta", "pvs", "mtdf", "id"].includes(this.meta.algorithm);
      // What each visit of a search that revisits positions was for (null window, re-search, pass, table hit), and
      // the labels of the edges to MTD(f)'s passes and the iterations, which no move names.
      this.notes = new Map();
      for (let j = 0; j < (d.notes || []).length; j += 2) this.notes.set(d.notes[j], d.notes[j + 1]);
      this.steps = new Map();
      for (let j = 0; j < (d.steps || []).length; j += 2) this.steps.set(d.steps[j], d.steps[j + 1]);
      this.signed = this.board.signed !== false;
      this.sentences = traceSentences(d);
      this._fenIndex = null;
    }
    children(i) { return this.kids.subarray(this.childStart[i], this.childStart[i + 1]); }
    /** A value as this tree's game writes it (textbook trees: no plus sign). */
    number(v) { return formatNumber(v, this.signed); }
    rootValueText() { return this.number(this.nums[this.value[0]] ?? 0); }
    moveName(mv) { return this.labels[mv] ?? String(mv); }
    displayName() {
      const name = this.meta.algorithm === "alphabeta" ? "alpha-beta" : this.meta.algorithm || "search";
      // A panel of a comparison of move orders (its graph counts the leaves examined) names its order.
      return this.meta.leaves === undefined ? name : `${name}, ${this.meta.order} order`;
    }
    isStub(i) { return i >= this.n; }
    visitNo(i) { return this.order ? this.order[i] : i; }
    fenOf(i) { return this.fens[this.fen[i]]; }
    sideOf(i) { return sideName(this, i); }
    sideClass(i) { return SIDE_CLASSES[sideIndex(this, i)]; }
    numOf(k) { return k < 0 ? null : this.nums[k]; }
    label(i) {
      const mv = this.move[i];
      if (mv < 0) return this.steps.get(i) ?? "";
      return this.labels[mv] ?? String(mv);
    }
    /** What visit i was for, in words ("null window", "re-search of #4", "pass 2: γ=+1, fails low"), or "". */
    noteOf(i) { return this.notes.get(i) ?? ""; }
    enterTime(i) { return 2 * i - this.depth[i]; }
    leaveTime(i) { return 2 * i - this.depth[i] + 2 * this.size[i] - 1; }
    /** The event number e (0-based) as {node, leave}. */
    eventAt(e) {
      let lo = 0, hi = this.n - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.enterTime(mid) <= e) lo = mid; else hi = mid - 1;
      }
      if (this.enterTime(lo) === e) return { node: lo, leave: false };
      let a = lo;
      while (a >= 0 && this.leaveTime(a) !== e) a = this.parent[a];
      return { node: a, leave: true };
    }
    pathTo(i) {
      const out = [];
      for (let a = i; a >= 0; a = this.parent[a]) out.push(a);
      return out.reverse();
    }
    valueText(i) {
      const v = this.numOf(this.value[i]);
      return v === null ? "?" : BOUND_PREFIX[Math.max(this.bound[i], 0)] + this.number(v);
    }
    valueClass(i) {
      const v = this.numOf(this.value[i]);
      return v === null ? "vd" : v > 0 ? "vx" : v < 0 ? "vo" : "vd";
    }
    windowText(k) { return `α ${this.number(this.nums[this.alpha[k]])}  β ${this.number(this.nums[this.beta[k]])}`; }
    /** A window as the figures write it: "[3, +∞]". */
    bracket(w) { return `[${this.number(w[0])}, ${this.number(w[1])}]`; }
    /** The cut at node i (or the one that pruned stub i): its name ("α-cut"), its comparison ("2 ≤ α=3") and both
     * together as the figures label it ("α-cut: 2 ≤ α=3"); null where nothing was cut. */
    cutText(i) {
      let c, v, b;
      if (this.isStub(i)) {
        const j = i - this.n;
        c = this.stubCut[j]; v = this.numOf(this.stubValue[j]); b = this.numOf(this.stubBound[j]);
        if (c < 0 || v === null) return { name: c >= 0 ? CUT_NAME[c] : "pruned", test: "", text: "pruned" };
      } else {
        c = this.cut[i];
        if (c < 0) return null;
        v = this.nums[this.cutValue[i]]; b = this.nums[this.cutBound[i]];
      }
      const test = cutTest(c, v, b, this.signed);
      return { name: CUT_NAME[c], test, text: `${CUT_NAME[c]}: ${test}` };
    }
    /** Node i's windows in the order the search saw them: at entry, then after each child whose value moved it (α
     * rises at the first player's nodes, β falls at the second's, a chance node moves neither), as
     * treeviz.draw.explain.window_steps; each step names the child that moved it. A node whose children were
     * left out (max-nodes) keeps only its entry window. */
    windowHistory(i) {
      let a = this.nums[this.alpha[i]], b = this.nums[this.beta[i]];
      const steps = [{ window: [a, b], after: -1 }];
      const side = sideIndex(this, i);
      if (side === 2 || this.hidden[i]) return steps;
      // The node standing for MTD(f)'s passes or the iterations: its children are whole searches, not moves.
      if (this.steps.size && Array.from(this.children(i)).some((c) => this.steps.has(c))) return steps;
      for (const c of this.children(i)) {
        if (c >= this.n) continue;
        const v = this.numOf(this.value[c]);
        if (v === null) continue;
        if (side === 0 && v > a) { a = v; steps.push({ window: [a, b], after: c }); }
        else if (side === 1 && v < b) { b = v; steps.push({ window: [a, b], after: c }); }
      }
      return steps;
    }
    /** Every node (entered or stub) whose position has this FEN. */
    find(fen) {
      if (!this._fenIndex) {
        this._fenIndex = new Map();
        this.fens.forEach((f, k) => this._fenIndex.set(normalFen(f, this.board), k));
      }
      const k = this._fenIndex.get(normalFen(fen, this.board));
      if (k === undefined) return [];
      const out = [];
      for (let i = 0; i < this.N; i++) if (this.fen[i] === k) out.push(i);
      return out;
    }
  }

  // ------------------------------------------------------------------ drawing helpers
  function el(parent, tag, attrs, text) {
    const e = document.createElementNS(SVGNS, tag);
    for (const key in attrs) e.setAttribute(key, attrs[key]);
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  const GEOMETRY = {
    small: { W: 124, H: 66, board: 48, cell: 16, bx: 7, by: 9, tx: 64, level: 124, stubW: 66, stubH: 38 },
    nested: { W: 178, H: 95, board: 81, cell: 9, bx: 7, by: 7, tx: 97, level: 156, stubW: 70, stubH: 38 },
  };

  /** Draws the board of a FEN as its game's board description says (a grid, maybe of grids): display only,
   * no rules. A nested board's FEN lists its cells block by block. */
  function drawBoard(g, fen, lastCell, geo, board) {
    const c = geo.cell, size = geo.board, cells = fenCells(fen);
    el(g, "rect", { class: "boardbg", width: size, height: size });
    const side = board.size, b = board.block, nested = board.nested, across = side / b;
    const at = (k) => (nested
      ? [b * ((k / (b * b) | 0) % across) + (k % (b * b)) % b,
         b * ((k / (b * b * across)) | 0) + ((k % (b * b)) / b | 0)]
      : [k % side, (k / side) | 0]);
    if (lastCell >= 0 && lastCell < cells.length) {
      const [cx, cy] = at(lastCell);
      el(g, "rect", { class: "lastmove", x: cx * c, y: cy * c, width: c, height: c });
    }
    let grid = "", major = "";
    for (let k = 1; k < side; k++) {
      const line = `M${k * c},0V${size}M0,${k * c}H${size}`;
      if (nested && k % b === 0) major += line; else grid += line;
    }
    el(g, "path", { class: "grid", d: grid });
    if (major) el(g, "path", { class: "grid major", d: major });
    let xs = "", os = "";
    const pad = nested ? 1.4 : 3.5, r = c / 2 - pad;
    for (let k = 0; k < cells.length; k++) {
      const ch = cells[k];
      if (ch === ".") continue;
      const [cx, cy] = at(k);
      const x0 = cx * c, y0 = cy * c;
      if (ch === board.stones[0]) xs += `M${x0 + pad},${y0 + pad}L${x0 + c - pad},${y0 + c - pad}M${x0 + c - pad},${y0 + pad}L${x0 + pad},${y0 + c - pad}`;
      else if (ch === board.stones[1]) {
        const mx = x0 + c / 2, my = y0 + c / 2;
        os += `M${mx + r},${my}A${r},${r} 0 1,1 ${mx - r},${my}A${r},${r} 0 1,1 ${mx + r},${my}`;
      }
    }
    if (xs) el(g, "path", { class: "stones-x", d: xs });
    if (os) el(g, "path", { class: "stones-o", d: os });
    el(g, "rect", { width: size, height: size, fill: "none", stroke: "#444c56", "stroke-width": 1 });
  }

  /** The card and picture sizes of a tree's nodes: a grid's, a textbook node's, or for positions told by text
   * (or SVG) the largest picture's (up to 40 columns and 16 lines). */
  function geometryOf(tree) {
    const board = tree.board;
    if (board.kind !== "text" && board.kind !== "textbook") return board.nested ? GEOMETRY.nested : GEOMETRY.small;
    // The text beside the picture: the value, "<player> to move" (or "chance node"), the visit order, the window.
    const textW = Math.max(64, ...board.players.map((p) => 6.4 * (p.length + 9)));
    if (board.kind === "textbook") {
      return { W: 58 + textW, H: 66, board: 40, bw: 40, bh: 40, bx: 8, by: 13, tx: 56, level: 124, stubW: 66, stubH: 38 };
    }
    let cols = 1, rows = 1, svg = false;
    for (const p of tree.pictures || tree.fens) {
      if (isSvg(p)) { svg = true; continue; }
      const lines = String(p).split("\n");
      rows = Math.max(rows, lines.length);
      for (const line of lines) cols = Math.max(cols, line.length);
    }
    let bw = Math.min(cols, 40) * 6.7 + 8, bh = Math.min(rows, 16) * 12 + 6;
    if (svg) { bw = Math.max(bw, 64); bh = Math.max(bh, 64); }
    const tx = 7 + bw + 9, H = Math.max(66, bh + 18);
    return { W: tx + textW, H, board: bh, bw, bh, bx: 7, by: (H - bh) / 2, tx, level: H + 58, stubW: 66, stubH: 38 };
  }

  /** A position's picture as text (lines in a monospace box) or SVG (scaled into the box). */
  function drawPicture(g, picture, geo) {
    el(g, "rect", { class: "boardbg", width: geo.bw, height: geo.bh });
    if (isSvg(picture)) {
      const svg = new DOMParser().parseFromString(String(picture), "image/svg+xml").documentElement;
      if (svg && svg.nodeName === "svg") {
        const inner = document.importNode(svg, true);
        inner.querySelectorAll("script").forEach((s) => s.remove());
        if (!inner.getAttribute("viewBox")) {
          const w = parseFloat(inner.getAttribute("width")) || geo.bw, h = parseFloat(inner.getAttribute("height")) || geo.bh;
          inner.setAttribute("viewBox", `0 0 ${w} ${h}`);
        }
        for (const [k, v] of [["x", 0], ["y", 0], ["width", geo.bw], ["height", geo.bh]]) inner.setAttribute(k, v);
        g.appendChild(inner);
        return;
      }
    }
    const text = el(g, "text", { class: "picture", x: 4, y: 2 });
    String(picture).split("\n").slice(0, 16).forEach((line, k) => el(text, "tspan", { x: 4, dy: k ? 12 : 11 }, line.slice(0, 40)));
  }

  /** A textbook node: an upward triangle (first player, MAX), a downward one (second, MIN), a circle (chance) or
   * for a leaf a small square, with the node's name, if it has one, inside. */
  function drawTextbookShape(g, side, name, geo, leaf) {
    const s = geo.bw, cls = "tbshape " + SIDE_CLASSES[side];
    if (leaf) el(g, "rect", { class: "tbshape leaf", x: s / 4, y: s / 4, width: s / 2, height: s / 2 });
    else if (side === 2) el(g, "circle", { class: cls, cx: s / 2, cy: s / 2, r: s / 2 - 2 });
    else if (side === 0) el(g, "path", { class: cls, d: `M${s / 2},3L${s - 2},${s - 5}L2,${s - 5}Z` });
    else el(g, "path", { class: cls, d: `M2,5L${s - 2},5L${s / 2},${s - 3}Z` });
    const y = leaf || side === 2 ? s / 2 : side === 0 ? s * 0.62 : s * 0.38;
    if (name) el(g, "text", { class: "tbname", x: s / 2, y }, name);
  }

  /** Node i's position as its game's board description says: a grid, a picture, or a textbook shape. */
  function drawPosition(g, tree, i, geo) {
    const kind = tree.board.kind, picture = tree.pictures ? tree.pictures[tree.fen[i]] : null;
    if (kind === "text") drawPicture(g, picture ?? tree.fenOf(i), geo);
    else if (kind === "textbook") {
      drawTextbookShape(g, sideIndex(tree, i), picture || "", geo, !!tree.leaf && tree.leaf[i] === 0 && tree.outcome[i] < 0);
    }
    else drawBoard(g, tree.fenOf(i), lastCellOf(tree, i), geo, tree.board);
  }

  /** Cell index (in FEN order) of the move that led to node i, for the highlight: the move itself (a cell), or,
   * for moves written block and cell ("55"), the last move the FEN records. */
  function lastCellOf(tree, i) {
    const board = tree.board;
    if (board.moves === "sub-cell") {
      const parts = tree.fenOf(i).split(" ");
      const lm = parts.length > 1 ? +parts[1] : 0;
      return lm >= 11 ? ((lm / 10 | 0) - 1) * board.block * board.block + (lm % 10) - 1 : -1;
    }
    return tree.move[i];
  }

  // ------------------------------------------------------------------ one tree viewer
  class Viewer {
    constructor(host, tree, index) {
      this.t = tree;
      this.index = index;
      this.geo = geometryOf(tree);
      this.expanded = new Uint8Array(tree.N);
      this.setup();
      this.step = tree.T;
      this.selected = -1;
      this.hovered = -1;
      this.timer = null;
      this.active = new Set();
      this.current = -1;
      this.currentLeave = false;
      this.pos = new Map();
      this.lastRenderMs = 0;
      this.lastActionMs = 0;
      this.buildDom(host);
      this.showPrincipalVariation(false);
      this.render();
    }

    /** Subclasses prepare their own state here, before the page is built. */
    setup() {}

    /** Whether the page also gives this tree as a list (:class:`Outline`). */
    hasOutline() { return true; }

    buildDom(host) {
      const t = this.t, meta = t.meta;
      const root = (this.root = document.createElement("section"));
      root.className = "viewer";
      root.dataset.algorithm = meta.algorithm || "";
      const algo = t.displayName();
      const entered = meta.nodes ?? t.n;
      const leaves = meta.leaves === undefined ? "" : ` · <b class="leaves">${fmtInt(meta.leaves)}</b> leaves examined`;
      root.innerHTML = `
        <div class="toolbar">
          <h2><span class="algo">${escapeHtml(algo)}</span> <span class="count">· <b class="nodes">${fmtInt(entered)}</b> node${entered === 1 ? "" : "s"}${leaves}</span></h2>
          <form class="search" autocomplete="off"><input name="fen" aria-label="find a position by its FEN" placeholder="find FEN, e.g. ${escapeHtml(t.fens[0])}" spellcheck="false">
            <button type="submit">Find</button><button type="button" class="next" hidden>Next</button><span class="found"></span></form>
          <span class="spacer"></span>
          <button type="button" class="pv" title="Collapse to the principal variation and the root's moves">PV</button>
          <button type="button" class="expand-all" title="Open every node (up to ${fmtInt(EXPAND_ALL_LIMIT)} shown)">Expand all</button>
          <button type="button" class="collapse" title="Show only the root's moves">Collapse</button>
          <button type="button" class="fit" title="Fit the tree to the window (f)">Fit</button>
          <button type="button" class="outline-toggle" aria-pressed="false" title="Show the tree as a list that the keyboard and screen readers can walk">List</button>
        </div>
        <div class="stage"><svg role="img" aria-label="The tree, drawn. The same tree is given as a list: Tab to it and walk it with the arrow keys."><g class="zoom"><g class="links"></g><g class="labels"></g><g class="nodes"></g></g></svg>
          <div class="info"></div>
          <div class="legend"><span class="sw" style="background:var(--pv)"></span>principal variation
            ${t.m ? '<span class="sw" style="background:#b9c0c8"></span>pruned' : ""}
            <span class="sw" style="background:var(--current)"></span>replay step</div>
        </div>
        <div class="replay">
          <span class="replay-title">Replay</span>
          <button type="button" class="first" title="Before the search (Home)" aria-label="Before the search">|◀</button>
          <button type="button" class="back" title="One step back (←)" aria-label="One step back">◀</button>
          <button type="button" class="play" title="Play / pause (Space)">Play</button>
          <button type="button" class="forward" title="One step forward (→)" aria-label="One step forward">▶</button>
          <button type="button" class="last" title="Search finished (End)" aria-label="Search finished">▶|</button>
          <button type="button" class="next-cut" title="Forward to the next cut-off"${t.m ? "" : " hidden"}>next cut</button>
          <input type="range" class="slider" min="0" max="${t.T}" value="${t.T}" step="1" aria-label="replay step">
          <select class="speed" title="Steps per second" aria-label="replay speed, steps per second"><option value="2">2/s</option><option value="5" selected>5/s</option>
            <option value="20">20/s</option><option value="100">100/s</option></select>
          <span class="status"></span><span class="stepno"></span>
        </div>
        <p class="narration" aria-live="polite" aria-atomic="true"></p>`;
      host.appendChild(root);
      const $ = (sel) => root.querySelector(sel);
      this.svg = d3.select($("svg"));
      this.gZoom = this.svg.select("g.zoom");
      this.gLinks = this.gZoom.select("g.links");
      this.gLabels = this.gZoom.select("g.labels");
      this.gNodes = this.gZoom.select("g.nodes");
      this.info = $(".info");
      this.slider = $(".slider");
      this.status = $(".status");
      this.stepno = $(".stepno");
      this.playButton = $(".play");
      this.speed = $(".speed");
      this.found = $(".found");
      this.nextButton = $(".next");
      this.replayBar = $(".replay");
      this.narrationLine = $(".narration");
      this.outline = this.hasOutline() ? new Outline(this, $(".stage"), $(".outline-toggle")) : null;
      if (!this.outline) $(".outline-toggle").remove();
      this.transform = d3.zoomIdentity;
      this.zoom = d3.zoom().scaleExtent([0.03, 3]).on("zoom", (e) => {
        this.transform = e.transform;
        this.gZoom.attr("transform", e.transform);
      });
      this.svg.call(this.zoom).on("dblclick.zoom", null);
      $(".pv").onclick = () => this.act(() => this.showPrincipalVariation(true));
      $(".expand-all").onclick = () => this.act(() => this.expandAll(), true);
      $(".collapse").onclick = () => this.act(() => { this.expanded.fill(0); this.expanded[0] = 1; }, true);
      $(".fit").onclick = () => this.fit();
      $(".first").onclick = () => this.setStep(0);
      $(".last").onclick = () => this.setStep(this.t.T);
      $(".back").onclick = () => this.setStep(this.step - 1);
      $(".forward").onclick = () => this.setStep(this.step + 1);
      $(".next-cut").onclick = () => this.setStep(this.nextCutStep());
      this.playButton.onclick = () => this.togglePlay();
      this.slider.oninput = () => this.setStep(+this.slider.value);
      this.speed.onchange = () => { if (this.timer) { this.togglePlay(); this.togglePlay(); } };
      const form = $(".search");
      form.onsubmit = (e) => { e.preventDefault(); this.search(form.fen.value); };
      this.nextButton.onclick = () => this.nextMatch();
      root.addEventListener("pointerdown", () => { focusViewer = this; });
      root.addEventListener("focusin", () => { focusViewer = this; });
    }

    // ---------------------------------------------------------------- expansion
    showPrincipalVariation(fitAfter) {
      const t = this.t;
      this.expanded.fill(0);
      this.expanded[0] = 1;
      for (let i = 0; i >= 0 && i < t.n;) {
        this.expanded[i] = 1;
        let next = -1;
        for (const c of t.children(i)) if (c < t.n && t.best[c]) { next = c; break; }
        i = next;
      }
      if (fitAfter) this.fitPending = true;
    }

    expandAll() {
      const t = this.t;
      this.expanded.fill(0);
      let shown = 1, frontier = [0];
      while (frontier.length) {
        const next = [];
        for (const i of frontier) {
          const kids = t.children(i);
          if (!kids.length) continue;
          if (shown + kids.length > EXPAND_ALL_LIMIT) { frontier = []; break; }
          this.expanded[i] = 1;
          shown += kids.length;
          for (const c of kids) if (c < t.n) next.push(c);
        }
        if (!frontier.length) break;
        frontier = next;
      }
    }

    toggle(i) {
      if (i < this.t.n && this.t.children(i).length) this.expanded[i] ^= 1;
    }

    /** Runs a change, re-renders and records how long the page took to answer. */
    act(change, refit) {
      const t0 = performance.now();
      change();
      this.render();
      if (refit || this.fitPending) { this.fitPending = false; this.fit(); }
      this.lastActionMs = performance.now() - t0;
      window.treeviz.lastActionMs = this.lastActionMs;
    }

    // ---------------------------------------------------------------- replay
    replaying() { return this.step < this.t.T; }
    entered(i) {
      if (!this.replaying()) return true;
      const t = this.t;
      if (i >= t.n) return t.leaveTime(t.parent[i]) < this.step;
      return i === 0 || t.enterTime(i) < this.step;
    }
    returned(i) { return !this.replaying() || this.t.leaveTime(i) < this.step; }
    isOpen(i) { return this.expanded[i] === 1 || this.active.has(i); }

    setStep(s) {
      s = Math.max(0, Math.min(this.t.T, s | 0));
      if (s === this.step && s !== this.t.T) return;
      const t0 = performance.now();
      const opened = s < this.t.T && this.openForReplay();
      this.step = s;
      this.slider.value = String(s);
      if (s === this.t.T && this.timer) this.togglePlay();
      this.render();
      if (opened) this.fit();
      if (this.current >= 0 && this.replaying()) this.keepInView(this.current);
      this.lastActionMs = performance.now() - t0;
      window.treeviz.lastActionMs = this.lastActionMs;
    }

    /** One layout for the whole replay (issue 34): when the tree is small enough to draw whole (EXPAND_ALL_LIMIT
     * nodes), the replay opens every searched node at once, so that the nodes it enters open nothing new and nothing
     * moves between steps; the nodes not yet reached keep their places, drawn faint. Whether it opened any. */
    openForReplay() {
      const t = this.t;
      if (!this.steadyLayout() || t.N > EXPAND_ALL_LIMIT) return false;
      let opened = false;
      for (let i = 0; i < t.n; i++) {
        if (this.expanded[i] !== 1 && t.children(i).length) { this.expanded[i] = 1; opened = true; }
      }
      return opened;
    }

    /** Whether the replay keeps the finished tree's layout, its nodes not yet reached drawn faint in place (every
     * kind of tree does, MCTS's too: its nodes not yet created wait faint where the final tree puts them). */
    steadyLayout() { return true; }

    /** The step just after the next cut-off (a return from a node that cut), or the end. */
    nextCutStep() {
      const t = this.t;
      let best = t.T;
      for (let i = 0; i < t.n; i++) {
        if (t.cut[i] < 0) continue;
        const s = t.leaveTime(i) + 1;
        if (s > this.step && s < best) best = s;
      }
      return best;
    }

    togglePlay() {
      if (this.timer) {
        clearInterval(this.timer);
        this.timer = null;
        this.playButton.textContent = "Play";
        return;
      }
      if (this.step >= this.t.T) this.setStep(0);
      this.playButton.textContent = "Pause";
      this.timer = setInterval(() => this.setStep(this.step + 1), 1000 / +this.speed.value);
    }

    updateReplayState() {
      const t = this.t;
      this.active.clear();
      this.current = -1;
      this.currentLeave = false;
      if (!this.replaying() || this.step === 0) return;
      const ev = t.eventAt(this.step - 1);
      this.current = ev.node;
      this.currentLeave = ev.leave;
      for (let a = ev.node; a >= 0; a = t.parent[a]) this.active.add(a);
    }

    /** The window alpha-beta had at node i at this step, as an index into the node columns. */
    windowNode(i) {
      if (!this.replaying() || !this.active.has(i) || i === this.current) return i;
      // The child of i on the path to the current node is the one entered last: its entry window is i's window now.
      let c = this.current;
      while (this.t.parent[c] !== i) c = this.t.parent[c];
      return c;
    }

    statusText() {
      const t = this.t;
      if (!this.replaying()) {
        const entered = t.meta.nodes ?? t.n;
        return `Search finished: <b>${fmtInt(entered)}</b> node${entered === 1 ? "" : "s"} entered, value <b>${escapeHtml(t.valueText(0))}</b>. Step back (◀, ←) or start over (|◀) to replay it.`;
      }
      if (this.step === 0) return "Before the search: press ▶ (or →) to step through it in visit order.";
      const i = this.current, path = t.pathTo(i).slice(1).map((k) => t.label(k)).join(" ");
      const where = `#${t.visitNo(i)}` + (path ? ` (moves ${escapeHtml(path)})` : " (root)");
      if (!this.currentLeave) {
        const win = t.isAlphaBeta ? ` with window ${escapeHtml(t.windowText(i))}` : "";
        const note = t.noteOf(i);
        return `Enter ${where}${win}` + (note ? ` · <i class="visitnote">${escapeHtml(note)}</i>` : "");
      }
      let s = `Return from ${where}: <b>${escapeHtml(t.valueText(i))}</b>`;
      if (t.noteOf(i)) s += ` · <i class="visitnote">${escapeHtml(t.noteOf(i))}</i>`;
      const p = t.parent[i];
      if (t.isAlphaBeta && p >= 0) {
        const moved = t.windowHistory(p).find((step) => step.after === i);
        if (moved) s += ` · window of #${t.visitNo(p)} now ${escapeHtml(t.bracket(moved.window))}`;
      }
      const cut = t.cutText(i);
      if (cut) s += ` · <span class="cutmsg">${escapeHtml(cut.text)}, ${plural(t.prunedCount[i], "move")} pruned</span>`;
      return s;
    }

    // ---------------------------------------------------------------- narration: the step in a teacher's words
    // The page's own words follow the trace's (treeviz/draw/trace.py): the same names and phrases, so that a page
    // whose data carries the trace and one too long to carry it read alike.
    /** Node i by name: a textbook tree's letter ("C"), "the root", a textbook node by its moves ("leaf 1.2",
     * "node 2.1"), else its visit number ("#5", as the figures label it). */
    nodeName(i) {
      const t = this.t, name = t.board.kind === "textbook" && t.pictures ? t.pictures[t.fen[i]] : "";
      if (name) return name;
      if (i === 0) return "the root";
      if (t.board.kind === "textbook") {
        const path = t.pathTo(i).slice(1).map((k) => t.label(k)).join(".");
        return this.isLeaf(i) ? `leaf ${path}` : `node ${path}`;
      }
      return `#${t.visitNo(i)}`;
    }

    /** Who moves at node i, in words: "MAX to move" (textbook trees), "x to move", "chance node". */
    sideWords(i) {
      const t = this.t, s = t.sideOf(i);
      if (s === "chance") return "chance node";
      return `${t.board.kind === "textbook" ? s.toUpperCase() : s} to move`;
    }

    /** Whether node i is a leaf of the search (nothing below it was searched or pruned). */
    isLeaf(i) { return i < this.t.n && !this.t.children(i).length && !this.t.hidden[i]; }

    /** The sentence a teacher would say about the current step, for the narration line (read out by screen readers:
     * it is aria-live): the trace's sentences at this step when the data carries them, else :meth:`ownNarration`. */
    narration() {
      const said = this.t.sentences ? this.t.sentences.get(this.step) : undefined;
      return said || this.ownNarration();
    }

    /** The page's own words for a step: what the search does and why (a search too long to carry its trace, the
     * steps the trace has no row for: reaching a leaf). Plain text; the status bar holds the terse version. */
    ownNarration() {
      const t = this.t;
      const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);
      if (this.step === 0) return "Before the search: no node entered yet. Press → for the first step, Space to play.";
      if (!this.replaying()) {
        const entered = t.meta.nodes ?? t.n, best = t.meta.best_moves;
        const move = Array.isArray(best) && best.length ? `; best move ${best.map((mv) => t.moveName(mv)).join(", ")}` : "";
        return `Search finished: ${plural(entered, "node")} entered, the root's value is ${t.valueText(0)}${move}.`;
      }
      const i = this.current, leave = this.currentLeave, name = this.nodeName(i), p = t.parent[i];
      const win = t.isAlphaBeta ? ` with window ${t.bracket([t.nums[t.alpha[i]], t.nums[t.beta[i]]])}` : "";
      if (!leave) {
        if (this.isLeaf(i)) return `Reach ${name}${name.startsWith("leaf ") ? "" : ", a leaf,"}${win}.`;
        return `Enter ${name} (${this.sideWords(i)})${win}.`;
      }
      const v = t.valueText(i).replace(/^≥ /, "at least ").replace(/^≤ /, "at most ");
      const out = [];
      let said;
      if (this.isLeaf(i)) {
        const oc = t.outcome[i];
        if (oc >= 0) said = `${name} ends the game: ${oc === 2 ? "a draw" : outcomeText(t.board, oc)}, worth ${v}`;
        else if (t.leaf[i] === 1) said = `${name} is at the depth limit: the evaluation says ${v}`;
        else said = `${name} is worth ${v}`;
      } else {
        const cut = t.cutText(i);
        if (cut) {
          const moves = Array.from(t.children(i)).filter((c) => c >= t.n).map((c) => t.label(c));
          const count = t.prunedCount[i];
          const which = moves.length === count && count <= 6
            ? (count === 1 ? `move ${moves[0]} is` : `moves ${moves.slice(0, -1).join(", ")} and ${moves[moves.length - 1]} are`)
            : `${plural(count, "other move")} are`;
          out.push(`Cut at ${name}: ${cut.test.replace("=", " = ")}, so its ${which} never searched.`);
        }
        const average = sideIndex(t, i) === 2 ? ", the average of its outcomes," : "";
        said = p < 0 ? `${name} returns ${v}: the value of the search` : `${name} returns ${v}${average} to ${this.nodeName(p)}`;
      }
      if (p >= 0 && t.isAlphaBeta && sideIndex(t, p) !== 2) {
        const parent = this.nodeName(p), max = sideIndex(t, p) === 0;
        const moved = t.windowHistory(p).find((s) => s.after === i);
        const w = this.windowOf(p);
        said += moved ? `: ${parent}'s ${max ? "α rises" : "β falls"} to ${t.number(moved.window[max ? 0 : 1])}`
          : `: ${parent} keeps ${max ? "α" : "β"} = ${t.number(w[max ? 0 : 1])}`;
      }
      out.push(cap(said) + ".");
      return out.join(" ");
    }

    /** Node p's window now, during the replay (the entry window of its child on the path to the current step). */
    windowOf(p) { const k = this.windowNode(p); return [this.t.nums[this.t.alpha[k]], this.t.nums[this.t.beta[k]]]; }

    /** Whether this viewer has a replay to drive (the quiz and merged graphs have none). */
    hasReplay() { return this.t.T > 0 && this.replayBar.offsetParent !== null; }

    /** What node i's words in the list depend on at this step (the list rebuilds them only when it changes). */
    itemKey(i) {
      const at = this.entered(i) ? (this.returned(i) ? 2 : 1) : 0;
      return i === this.current ? 3 : at;
    }

    /** What the tree as a list says of node i (:class:`Outline`): its words and its state at this step. */
    itemWords(i) {
      const t = this.t, parts = [];
      const name = t.board.kind === "textbook" && t.pictures ? t.pictures[t.fen[i]] : "";
      parts.push(i === 0 ? (name ? `${name}, the root` : "the root") : (name ? `${name}, move ${t.label(i)}` : `move ${t.label(i)}`));
      if (i >= t.n) {
        const pruned = this.entered(i);
        const cut = t.cutText(i);
        return { text: [...parts, pruned ? `pruned (${cut.text})` : "not yet searched"].join(", "),
          state: pruned ? "pruned" : "not yet searched", value: "" };
      }
      parts.push(this.isLeaf(i) ? (t.outcome[i] >= 0 ? `leaf, ${outcomeText(t.board, t.outcome[i])}` : "leaf") : this.sideWords(i));
      const entered = this.entered(i), done = entered && this.returned(i);
      const value = done ? t.valueText(i) : "";
      if (done) parts.push(`value ${value}`);
      const state = i === this.current ? "current" : entered ? "entered" : "not yet searched";
      parts.push(state === "current" ? "current step" : state);
      if (t.isAlphaBeta && entered) parts.push(`#${t.visitNo(i)} window ${t.bracket([t.nums[t.alpha[i]], t.nums[t.beta[i]]])}`);
      const cut = t.cutText(i);
      if (cut && done) parts.push(cut.text);
      return { text: parts.join(", "), state, value };
    }

    // ---------------------------------------------------------------- layout and drawing
    visibleKids(i) {
      if (i >= this.t.n || !this.isOpen(i)) return null;
      const out = [];
      const steady = this.steadyLayout();
      for (const c of this.t.children(i)) if (steady || this.entered(c)) out.push(c);
      return out.length ? out : null;
    }

    width(i) { return i >= this.t.n ? this.stubWidth(i) : this.geo.W; }
    /** A pruned stub is wide enough for its cut's comparison ("−280 ≤ α=−266"). */
    stubWidth(i) { return Math.max(this.geo.stubW, Math.ceil(6.6 * this.t.cutText(i).test.length) + 10); }

    /** Hook: work out what the layout needs before d3 lays the open nodes out (DAGs pick a parent per node). */
    prepareLayout() {}
    /** Hook: edges that are not in the laid-out tree (a DAG's other parents). */
    drawExtraLinks() {}
    /** Hook: per-edge styling beyond the class (MCTS widths). */
    styleLink() {}
    edgeLabel(p, c) { return this.t.label(c); }
    linkIsBest(p, c) { return c < this.t.n && this.t.best[c] === 1; }
    linkClass(p, c) {
      const t = this.t;
      let cls = "link";
      if (!this.entered(c)) cls += " unseen";
      if (c >= t.n) cls += " pruned";
      else if (t.best[c] && !this.replaying()) cls += " best";
      if (this.active.has(c)) cls += " active";
      return cls;
    }

    render() {
      const t0 = performance.now();
      const t = this.t, geo = this.geo;
      this.updateReplayState();
      this.prepareLayout();
      const root = d3.hierarchy(0, (i) => this.visibleKids(i));
      d3.tree().nodeSize([1, geo.level])
        .separation((a, b) => (this.width(a.data) + this.width(b.data)) / 2 + (a.parent === b.parent ? 10 : 26))(root);
      const nodes = root.descendants();
      this.laidOut = nodes;
      const prev = this.pos;
      this.pos = new Map();
      for (const d of nodes) this.pos.set(d.data, d);

      const link = (d) => {
        const sx = d.source.x, sy = d.source.y + geo.H + 1, tx = d.target.x, ty = d.target.y;
        const my = (sy + ty) / 2;
        return `M${sx},${sy}C${sx},${my} ${tx},${my} ${tx},${ty}`;
      };
      const links = root.links();
      this.gLinks.selectAll("path.link").data(links, (d) => d.target.data)
        .join("path")
        .attr("class", (d) => this.linkClass(d.source.data, d.target.data))
        .attr("d", link)
        .each((d, k, paths) => this.styleLink(paths[k], d.source.data, d.target.data));
      this.drawExtraLinks(link);
      const viewerForLabels = this;
      const labels = this.gLabels.selectAll("g.mvlabel").data(links, (d) => `${d.source.data}>${d.target.data}`)
        .join((enter) => enter.append("g").each(function (d) {
          const c = d.target.data, text = viewerForLabels.edgeLabel(d.source.data, c);
          const w = Math.max(18, 7 * text.length + 8);
          el(this, "rect", { x: -w / 2, y: -8, width: w, height: 16, rx: 8 });
          el(this, "text", {}, text);
        }));
      const replaying = this.replaying();
      labels.attr("transform", (d) => `translate(${d.target.x},${d.target.y - 15})`)
        .attr("class", (d) => {
          const c = d.target.data;
          return `mvlabel ${t.sideClass(d.source.data)}` + (this.linkIsBest(d.source.data, c) && !replaying ? " best" : "")
            + (this.entered(c) ? "" : " unseen");
        });

      const viewer = this;
      const sel = this.gNodes.selectAll("g.node").data(nodes, (d) => d.data)
        .join((enter) => enter.append("g").each(function (d) { viewer.buildNode(this, d.data); }));
      sel.attr("transform", (d) => `translate(${d.x},${d.y})`);
      sel.each(function (d) { viewer.updateNode(this, d.data); });

      this.status.innerHTML = this.statusText();
      const said = this.narration();
      if (this.narrationLine.textContent !== said) this.narrationLine.textContent = said;
      if (this.outline) this.outline.update();
      this.stepno.textContent = `${fmtInt(this.step)} / ${fmtInt(t.T)}`;
      this.showInfo();
      this.lastRenderMs = performance.now() - t0;
      return prev;
    }

    buildNode(g, i) {
      const t = this.t, geo = this.geo;
      g.dataset.id = String(i);
      g.addEventListener("click", (e) => { e.stopPropagation(); this.onNodeClick(i); });
      g.addEventListener("mouseenter", () => { this.hovered = i; this.showInfo(); });
      g.addEventListener("mouseleave", () => { this.hovered = -1; this.showInfo(); });
      if (i >= t.n) {
        const w = this.stubWidth(i), h = geo.stubH, cut = t.cutText(i);
        g.setAttribute("class", "node stub");
        el(g, "rect", { class: "card", x: -w / 2, y: 0, width: w, height: h, rx: 6 });
        el(g, "text", { class: "stubcut", x: 0, y: 15 }, `✂ ${cut.name}`);
        el(g, "text", { x: 0, y: 30 }, cut.test);
        return;
      }
      const W = geo.W, H = geo.H, x0 = -W / 2;
      el(g, "rect", { class: "card", x: x0, y: 0, width: W, height: H, rx: 7 });
      const board = el(g, "g", { transform: `translate(${x0 + geo.bx},${geo.by})` });
      drawPosition(board, t, i, geo);
      this.buildText(g, i, x0 + geo.tx);
      const nk = t.children(i).length, hid = t.hidden[i];
      if (nk || hid) {
        g._more = el(g, "g", { class: "more" + (nk ? "" : " hiddenmore"), transform: `translate(0,${H + 9})` });
        g._moreRect = el(g._more, "rect", { y: -8, height: 16, rx: 8 });
        g._moreText = el(g._more, "text", {});
      }
    }

    /** The text beside the board: value, side to move, visit order, window, cut badge. */
    buildText(g, i, tx) {
      const t = this.t, W = this.geo.W;
      const ab = t.isAlphaBeta;
      const lines = ab ? [20, 35, 49, 61] : [24, 41, 57];
      if (t.board.nested) lines.forEach((y, k) => { lines[k] = y + (ab ? 10 : 12); });
      g._val = el(g, "text", { class: "val", x: tx, y: lines[0] });
      const side = el(g, "text", { class: "side", x: tx, y: lines[1] });
      const oc = t.outcome[i];
      if (oc >= 0) side.textContent = outcomeText(t.board, oc);
      else fillSide(side, t, i);
      const tags = [`#${fmtInt(t.visitNo(i))}`];
      if (t.leaf[i] === 1) tags.push("eval");
      else if (t.leaf[i] === 2) tags.push("table");
      const note = t.noteOf(i);
      if (note) tags.push(note.length > 11 ? note.slice(0, 10) + "…" : note);
      el(g, "text", { class: "ord", x: tx, y: lines[2] }, tags.join(" · "));
      if (ab) g._win = el(g, "text", { class: "win", x: tx, y: lines[3] });
      const cut = t.cutText(i);
      if (cut) {
        g._cut = el(g, "g", { class: "cutbadge", transform: `translate(${W / 2 - 22},0)` });
        el(g._cut, "rect", { x: -22, y: -8, width: 44, height: 16, rx: 8 });
        el(g._cut, "text", {}, cut.name);
      }
    }

    updateNode(g, i) {
      const t = this.t;
      let cls = this.entered(i) ? "node" : "node unseen";
      if (i >= t.n) {
        cls += " stub";
        if (i === this.selected) cls += " selected";
        if (this.currentLeave && t.parent[i] === this.current) cls += " flash";
        g.setAttribute("class", cls);
        return;
      }
      const done = this.returned(i);
      if (t.board.nested) cls += " nested";
      if (t.best[i] && !this.replaying()) cls += " best";
      if (this.active.has(i)) cls += " active";
      if (i === this.current) cls += " current";
      if (i === this.selected) cls += " selected";
      const open = this.showsOpen(i);
      if (open) cls += " open";
      if (this.currentLeave && i === this.current && t.cut[i] >= 0) cls += " flash";
      g.setAttribute("class", this.nodeClass(i, cls));
      this.updateText(g, i, done);
      if (g._more) {
        const text = this.moreText(i);
        g._more.style.display = text && !open ? "" : "none";
        if (text && g._moreText.textContent !== text) {
          g._moreText.textContent = text;
          const w = 7 * text.length + 12;
          g._moreRect.setAttribute("x", -w / 2);
          g._moreRect.setAttribute("width", w);
        }
      }
    }

    /** Whether node i is drawn open (its "more" badge hidden). */
    showsOpen(i) { return this.isOpen(i) && this.visibleKids(i) !== null; }

    /** Hook: extra classes of an entered node. */
    nodeClass(i, cls) { return cls; }

    updateText(g, i, done) {
      const t = this.t;
      if (done) {
        g._val.textContent = t.valueText(i);
        g._val.setAttribute("class", "val " + t.valueClass(i));
      } else {
        g._val.textContent = "…";
        g._val.setAttribute("class", "val pending");
      }
      if (g._win) {
        const text = t.windowText(this.windowNode(i));
        g._win.textContent = text;
        g._win.setAttribute("class", text !== t.windowText(i) ? "win changed" : "win");
      }
      if (g._cut) g._cut.style.display = done ? "" : "none";
    }

    /** The badge under a closed node: its children shown at this step and how much is below. */
    moreText(i) {
      const t = this.t;
      let shown = 0;
      for (const c of t.children(i)) if (this.entered(c)) shown++;
      if (shown) return `+${shown}` + (t.size[i] - 1 > shown ? ` · ${fmtInt(t.size[i] - 1)} below` : "");
      if (t.hidden[i]) return `+${fmtInt(t.hidden[i])} not shown`;
      return "";
    }

    onNodeClick(i) {
      focusViewer = this;
      const before = this.pos.get(i);
      const bx = before ? before.x : 0, by = before ? before.y : 0;
      this.act(() => { this.selected = i; this.toggle(i); });
      // Keep the clicked node where it was on screen.
      const after = this.pos.get(i);
      if (before && after && (after.x !== bx || after.y !== by)) {
        this.svg.call(this.zoom.translateBy, bx - after.x, by - after.y);
      }
    }

    showInfo() {
      const t = this.t;
      const i = this.hovered >= 0 ? this.hovered : this.selected;
      if (i < 0 || !this.pos.has(i)) { this.info.innerHTML = ""; return; }
      const path = t.pathTo(i);
      const moves = path.slice(1).map((k, j) => {
        const mover = t.sideClass(path[j]);
        return `<span class="mv ${mover}">${escapeHtml(t.label(k))}</span>`;
      }).join(" ");
      const rows = [`<div class="path">${moves ? "Moves: " + moves : "Root position"}</div>`,
        `<div><code>${escapeHtml(t.fenOf(i))}</code></div>`];
      if (i >= t.n) {
        const cut = t.cutText(i);
        rows.push(`<div>Pruned by the cut at its parent, <b>${escapeHtml(cut.text)}</b>. Alpha-beta never searched this move.</div>`);
      } else {
        const parts = [`#${fmtInt(t.visitNo(i))} · ply ${t.depth[i]}`];
        if (this.returned(i)) {
          const b = t.bound[i];
          parts.push(`value <b>${escapeHtml(t.valueText(i))}</b>` + (b === 1 ? " (lower bound)" : b === 2 ? " (upper bound)" : ""));
        } else parts.push("value not returned yet");
        if (t.outcome[i] >= 0) parts.push(outcomeText(t.board, t.outcome[i]));
        else if (t.leaf[i] === 1) parts.push("heuristic leaf");
        rows.push(`<div>${parts.join(" · ")}</div>`);
        if (t.noteOf(i)) rows.push(`<div class="visitnote"><i>${escapeHtml(t.noteOf(i))}</i></div>`);
        if (t.isAlphaBeta) {
          // Every window it had, as the figures' explain mode writes them ([α, β] → ...), with the move that moved it
          // (during the replay, those seen so far).
          const steps = t.windowHistory(i).filter((s) => s.after < 0 || this.returned(s.after));
          const words = steps.map((s, k) => escapeHtml(t.bracket(s.window))
            + (k ? ` after ${escapeHtml(t.label(s.after))} (${escapeHtml(t.valueText(s.after))})` : ""));
          rows.push(`<div class="history">window at entry ${words.join(" → ")}</div>`);
          const cut = t.cutText(i);
          if (cut && this.returned(i)) rows.push(`<div><b>${escapeHtml(cut.text)}</b>, ${plural(t.prunedCount[i], "move")} pruned</div>`);
        }
        const below = t.size[i] - 1;
        const sub = [];
        if (below) sub.push(`${plural(below, "node")} below`);
        if (t.hidden[i]) sub.push(`${fmtInt(t.hidden[i])} more searched but left out of this page (max-nodes)`);
        if (sub.length) rows.push(`<div class="dim">${sub.join(", ")}</div>`);
      }
      this.info.innerHTML = rows.join("");
    }

    // ---------------------------------------------------------------- view
    bounds(nodes) {
      let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
      for (const d of nodes) {
        const w = this.width(d.data) / 2;
        x0 = Math.min(x0, d.x - w); x1 = Math.max(x1, d.x + w);
        y0 = Math.min(y0, d.y - 20); y1 = Math.max(y1, d.y + this.geo.H + 20);
      }
      return { x0, x1, y0, y1 };
    }

    fit() {
      const box = this.svg.node().getBoundingClientRect();
      const W = box.width || 800, H = box.height || 600;
      const b = this.bounds(this.laidOut);
      let k = Math.min(1, (W - 30) / (b.x1 - b.x0), (H - 30) / (b.y1 - b.y0));
      let tx, ty;
      if (k >= 0.45) {
        tx = W / 2 - k * (b.x0 + b.x1) / 2;
        ty = H / 2 - k * (b.y0 + b.y1) / 2;
      } else {
        k = Math.min(0.8, Math.max(0.45, (H - 30) / (b.y1 - b.y0)));
        // Too big to read whole: a readable scale, centred on the end of the best line, the root kept in view.
        let focus = this.laidOut[0];
        for (const d of this.laidOut) if (d.data < this.t.n && this.t.best[d.data] && d.depth > focus.depth) focus = d;
        const rootX = this.laidOut[0].x, reach = Math.max(0, (W / 2 - this.geo.W) / k);
        const cx = Math.min(rootX + reach, Math.max(rootX - reach, focus.x));
        tx = W / 2 - k * cx;
        ty = 30 - k * b.y0;
      }
      this.svg.call(this.zoom.transform, d3.zoomIdentity.translate(tx, ty).scale(k));
    }

    /** The view a page opens with (and takes again when the window is resized): the fitted one here. */
    opening() { this.fit(); }

    keepInView(i) {
      const d = this.pos.get(i);
      if (!d) return;
      const box = this.svg.node().getBoundingClientRect();
      const tr = this.transform;
      const sx = tr.applyX(d.x), sy = tr.applyY(d.y + this.geo.H / 2);
      const margin = 80;
      if (sx < margin || sx > box.width - margin || sy < margin || sy > box.height - margin) this.centerOn(i);
    }

    centerOn(i) {
      const d = this.pos.get(i);
      if (!d) return;
      const box = this.svg.node().getBoundingClientRect();
      const k = Math.max(this.transform.k, 0.6);
      this.svg.call(this.zoom.transform,
        d3.zoomIdentity.translate(box.width / 2 - k * d.x, box.height / 2 - k * (d.y + this.geo.H / 2)).scale(k));
    }

    // ---------------------------------------------------------------- search by FEN
    search(fen) {
      this.matches = this.t.find(fen);
      this.matchAt = -1;
      this.found.classList.toggle("miss", this.matches.length === 0);
      this.nextButton.hidden = this.matches.length < 2;
      if (!this.matches.length) { this.found.textContent = fen.trim() ? "not in this tree" : ""; return; }
      this.nextMatch();
    }

    nextMatch() {
      if (!this.matches || !this.matches.length) return;
      this.matchAt = (this.matchAt + 1) % this.matches.length;
      const i = this.matches[this.matchAt];
      this.found.textContent = `${this.matchAt + 1} of ${fmtInt(this.matches.length)}`;
      this.reveal(i);
    }

    reveal(i) {
      this.act(() => {
        if (this.replaying() && !this.entered(i)) { this.step = this.t.T; this.slider.value = String(this.step); }
        for (let a = this.t.parent[i]; a >= 0; a = this.t.parent[a]) this.expanded[a] = 1;
        this.selected = i;
      });
      this.centerOn(i);
    }
  }

  // ------------------------------------------------------------------ other kinds of search graph
  /*VIEWERS*/

  // ------------------------------------------------------------------ the page
  let focusViewer = null;
  const KINDS = {
    search: [Tree, Viewer],
    mcts: [MctsTree, MctsViewer],
    dag: [DagGraph, DagViewer],
    quiz: [QuizTree, QuizViewer],
  };
  const kindOf = (d) => KINDS[d.kind || "search"];
  const trees = payload.trees.map((d) => new (kindOf(d)[0])(d));
  const tBuilt = performance.now();
  window.treeviz = { trees, viewers: [], lastActionMs: 0 };
  const host = document.getElementById("viewers");
  const viewers = trees.map((tree, k) => new (kindOf(payload.trees[k])[1])(host, tree, k));
  window.treeviz.viewers = viewers;
  viewers.forEach((v) => v.opening());
  focusViewer = viewers[viewers.length - 1];

  const summary = document.getElementById("summary");
  const t0 = trees[0], meta = t0.meta;
  // A quiz says what it asks, never the answer (the value, the best moves).
  const bits = t0.summaryBits ? t0.summaryBits() : [];
  if (!t0.summaryBits) bits.push(t0.board.title);
  if (!t0.summaryBits) bits.push(`value ${t0.rootValueText()}`);
  if (!t0.summaryBits && Array.isArray(meta.best_moves) && meta.best_moves.length) {
    bits.push("best " + meta.best_moves.map((mv) => t0.moveName(mv)).join(", "));
  }
  if (meta.depth !== null && meta.depth !== undefined) bits.push(`depth limit ${meta.depth}`);
  const countOf = (t) => t.meta.nodes ?? t.n;
  if (trees.length === 2 && trees.every((t) => !t.meta.merge && t.meta.algorithm !== "mcts")) {
    const a = countOf(trees[0]), b = countOf(trees[1]);
    bits.push(`${fmtInt(Math.min(a, b))} of ${fmtInt(Math.max(a, b))} nodes (${(100 * Math.min(a, b) / Math.max(a, b)).toFixed(1)} %)`);
  } else if (trees.length > 1) {
    bits.push(trees.map((t) => `${t.displayName()} ${fmtInt(countOf(t))} ${t.meta.merge ? "positions" : "nodes"}`).join(", "));
  } else if (meta.hidden) {
    bits.push(`${fmtInt(meta.shown ?? t0.n)} of ${fmtInt(meta.nodes)} ${meta.merge ? "positions" : "nodes"} shown (max-nodes ${fmtInt(meta.max_nodes)})`);
  }
  if (meta.knuth_moore && meta.algorithm === "alphabeta") {  // a comparison of move orders on a uniform tree
    const km = meta.knuth_moore;
    bits.push(`Knuth\u2013Moore minimum ${fmtInt(km.leaves)} leaves (uniform, branching ${km.branching}, depth ${km.depth})`);
  }
  summary.textContent = bits.join(" · ");

  document.getElementById("help-toggle").onclick = () => {
    const h = document.getElementById("help");
    h.hidden = !h.hidden;
    helpToggle.setAttribute("aria-expanded", String(!h.hidden));
  };
  const helpToggle = document.getElementById("help-toggle");
  helpToggle.setAttribute("aria-expanded", "false");
  helpToggle.setAttribute("aria-controls", "help");
  helpToggle.setAttribute("aria-label", "Help");
  // The replay's keys: ← → a step, Home and End the ends, Space play and pause; not while typing in a box (the FEN
  // finder, the quiz's answers), not the keys the tree list walks with, not Space or Enter on a button (they press it).
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
        || (target instanceof HTMLElement && target.isContentEditable)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (target instanceof Element && target.closest('[role="tree"]') && Outline.KEYS.has(e.key)) return;
    if ((e.key === " " || e.key === "Enter") && (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement
        || (target instanceof Element && target.closest("summary")))) return;
    const v = focusViewer;
    if (!v) return;
    if (e.key === "ArrowRight") { v.setStep(v.step + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { v.setStep(v.step - 1); e.preventDefault(); }
    else if (e.key === "Home" && v.hasReplay()) { v.setStep(0); e.preventDefault(); }
    else if (e.key === "End" && v.hasReplay()) { v.setStep(v.t.T); e.preventDefault(); }
    else if (e.key === " " && v.hasReplay()) { v.togglePlay(); e.preventDefault(); }
    else if (e.key === "f") v.fit();
    else if (e.key === "Escape") { v.selected = -1; v.render(); }
  });
  window.addEventListener("resize", () => viewers.forEach((v) => v.opening()));

  const tReady = performance.now();
  window.treeviz.timings = {
    scriptStart: tStart, parseMs: tParsed - tStart, buildMs: tBuilt - tParsed,
    renderMs: tReady - tBuilt, ready: tReady,
  };
  performance.mark("treeviz-ready");
  document.body.dataset.ready = "1";
  // After the first frame with the tree is drawn (style, layout and paint done).
  requestAnimationFrame(() => setTimeout(() => { window.treeviz.timings.painted = performance.now(); }, 0));
})();
