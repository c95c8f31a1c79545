  /* Monte Carlo tree search: the tree and its replay, iteration by iteration.
   *
   * Nodes arrive in creation order (the root is 0, the node made by iteration t comes
   * after those of earlier iterations) with the iteration log: where each playout began
   * and its result, and the solver's proofs. Visits and totals at any step are the sums
   * over the iterations so far along each leaf's path to the root, kept up to date as the
   * replay moves (one path per step), so a step costs the depth of the tree.
   */
  /** A playout's result (first player's view) in words, for a game whose board description is ``board``. */
  const RESULT_WORDS = (board, r) => outcomeText(board, r > 0 ? 0 : r < 0 ? 1 : 2);

  function fmtMean(v) {
    if (!Number.isFinite(v)) return v > 0 ? "+∞" : "−∞";
    if (Number.isInteger(v)) return v === 0 ? "0" : (v > 0 ? "+" : "−") + String(Math.abs(v));
    return (v > 0 ? "+" : "−") + Math.abs(v).toFixed(2);
  }

  /** A UCB1 score with two decimals and a real minus sign (no plus: it is a score, not a value). */
  const fmtUcb = (u) => (u < 0 ? "−" : "") + Math.abs(u).toFixed(2);

  class MctsTree {
    constructor(d) {
      const n = d.n;
      this.kind = "mcts";
      this.n = n; this.m = 0; this.N = n; this.T = d.leaf.length;
      this.meta = d.meta; this.fens = d.fens; this.labels = d.labels; this.nums = [];
      this.c = typeof d.meta.c === "number" ? d.meta.c : Math.SQRT2;
      this.parent = new Int32Array(d.parent);
      this.move = new Int32Array(d.move);
      this.fen = new Int32Array(d.fen);
      this.created = new Int32Array(d.created);
      this.outcome = column(d.outcome, n);
      this.best = new Uint8Array(n);
      for (const k of d.best) this.best[k] = 1;
      this.hidden = new Int32Array(n);
      for (let j = 0; j < d.hidden.length; j += 2) this.hidden[d.hidden[j]] = d.hidden[j + 1];
      this.leafOf = new Int32Array(d.leaf);
      this.result = new Float64Array(d.result);
      this.depth = new Int32Array(n);
      for (let i = 1; i < n; i++) this.depth[i] = this.depth[this.parent[i]] + 1;
      const size = (this.size = new Int32Array(n).fill(1));
      for (let i = n - 1; i > 0; i--) size[this.parent[i]] += size[i];
      // Children by move, so the layout does not jump as nodes appear.
      const lists = Array.from({ length: n }, () => []);
      for (let i = 1; i < n; i++) lists[this.parent[i]].push(i);
      this.childStart = new Int32Array(n + 1);
      this.kids = new Int32Array(Math.max(n - 1, 0));
      let at = 0;
      for (let i = 0; i < n; i++) {
        lists[i].sort((a, b) => this.move[a] - this.move[b]);
        this.childStart[i] = at;
        for (const c of lists[i]) this.kids[at++] = c;
      }
      this.childStart[n] = at;
      // Proofs by iteration.
      const p = d.proofs, count = p.length / 3;
      this.proofStart = new Int32Array(this.T + 2);
      this.proofNode = new Int32Array(count); this.proofValue = new Float64Array(count);
      for (let j = 0; j < count; j++) this.proofStart[p[3 * j] + 1]++;
      for (let t = 0; t <= this.T; t++) this.proofStart[t + 1] += this.proofStart[t];
      const fill = this.proofStart.slice();
      for (let j = 0; j < count; j++) {
        const k = fill[p[3 * j]]++;
        this.proofNode[k] = p[3 * j + 1]; this.proofValue[k] = p[3 * j + 2];
      }
      this.visits = new Int32Array(n);
      this.total = new Float64Array(n);
      this.proven = new Float64Array(n).fill(NaN);
      this.at = 0;
      this.board = boardOf(d);
      this.sides = d.side === undefined ? null : column(d.side, n);
      this.pictures = d.pictures || null;
      this.isAlphaBeta = false;
      this.sentences = traceSentences(d);
      this._fenIndex = null;
      this.seek(this.T);
    }

    /** Apply (sign +1) or take back (sign -1) iteration t (1-based). */
    _iteration(t, sign) {
      const r = this.result[t - 1] * sign, parent = this.parent, visits = this.visits, total = this.total;
      for (let a = this.leafOf[t - 1]; a >= 0; a = parent[a]) { visits[a] += sign; total[a] += r; }
      for (let k = this.proofStart[t]; k < this.proofStart[t + 1]; k++) {
        this.proven[this.proofNode[k]] = sign > 0 ? this.proofValue[k] : NaN;
      }
    }

    /** Visits, totals and proofs as they were after the first s iterations. */
    seek(s) {
      s = Math.max(0, Math.min(this.T, s | 0));
      if (Math.abs(s - this.at) > s) {  // cheaper from scratch
        this.visits.fill(0); this.total.fill(0); this.proven.fill(NaN); this.at = 0;
      }
      while (this.at < s) this._iteration(++this.at, 1);
      while (this.at > s) this._iteration(this.at--, -1);
    }

    pathNodes(t) {
      const out = [];
      for (let a = this.leafOf[t - 1]; a >= 0; a = this.parent[a]) out.push(a);
      return out.reverse();
    }
    children(i) { return this.kids.subarray(this.childStart[i], this.childStart[i + 1]); }
    isStub() { return false; }
    visitNo(i) { return this.created[i]; }
    fenOf(i) { return this.fens[this.fen[i]]; }
    sideOf(i) { return sideName(this, i); }
    sideClass(i) { return SIDE_CLASSES[sideIndex(this, i)]; }
    label(i) { const mv = this.move[i]; return mv < 0 ? "" : this.labels[mv] ?? String(mv); }
    moveName(mv) { return this.labels[mv] ?? String(mv); }
    displayName() { return "MCTS"; }
    mean(i) { return this.visits[i] ? this.total[i] / this.visits[i] : 0; }
    /** UCB1 of node i as its parent's mover sees it, at the current step. */
    ucb(i) {
      const p = this.parent[i];
      if (p < 0 || !this.visits[i]) return null;
      const mean = this.sideClass(p) === SIDE_CLASSES[0] ? this.mean(i) : -this.mean(i);
      return mean + this.c * Math.sqrt(Math.log(this.visits[p]) / this.visits[i]);
    }
    valueText(i) { return fmtMean(this.mean(i)); }
    rootValueText() { return fmtMean(this.mean(0)); }
    valueClass(i) { const v = this.mean(i); return v > 0 ? "vx" : v < 0 ? "vo" : "vd"; }
    provenText(i) { const v = this.proven[i]; return Number.isNaN(v) ? "" : RESULT_WORDS(this.board, v); }
    cutText() { return null; }
    pathTo(i) {
      const out = [];
      for (let a = i; a >= 0; a = this.parent[a]) out.push(a);
      return out.reverse();
    }
    find(fen) { return Tree.prototype.find.call(this, fen); }
  }

  class MctsViewer extends Viewer {
    buildDom(host) {
      super.buildDom(host);
      const t = this.t, root = this.root, $ = (sel) => root.querySelector(sel);
      root.classList.add("mcts");
      $("h2 .algo").textContent = "MCTS";
      $("h2 .count").innerHTML = `· <b class="nodes">${fmtInt(t.meta.nodes ?? t.n)}</b> nodes · <b>${fmtInt(t.T)}</b> iteration${t.T === 1 ? "" : "s"}`;
      $(".next-cut").hidden = true;
      $(".replay-title").textContent = "Iterations";
      $(".first").title = "Before the first iteration";
      $(".back").title = "One iteration back (←)";
      $(".forward").title = "One iteration forward (→)";
      $(".speed").insertAdjacentHTML("beforeend", '<option value="500">500/s</option>');
      $(".legend").innerHTML = '<span class="sw" style="background:var(--pv)"></span>most visited line'
        + '<span class="sw" style="background:var(--active)"></span>selected path'
        + '<span class="sw" style="background:var(--current)"></span>new node · edge width: visits';
    }

    entered(i) { return !this.replaying() || this.t.created[i] <= this.step; }
    returned() { return true; }

    setStep(s) {
      this.t.seek(Math.max(0, Math.min(this.t.T, s | 0)));
      super.setStep(s);
    }

    reveal(i) {
      if (this.replaying() && !this.entered(i)) this.setStep(this.t.T);
      super.reveal(i);
    }

    updateReplayState() {
      const t = this.t;
      this.active.clear();
      this.current = -1;
      this.currentLeave = false;
      this.fresh = false;
      if (!this.replaying() || this.step === 0) return;
      for (const a of t.pathNodes(this.step)) this.active.add(a);
      this.current = t.leafOf[this.step - 1];
      this.fresh = t.created[this.current] === this.step;
    }

    statusText() {
      const t = this.t;
      if (!this.replaying()) {
        const best = t.meta.best_moves && t.meta.best_moves.length ? `, best move <b>${escapeHtml(t.moveName(t.meta.best_moves[0]))}</b>` : "";
        return `Search finished: <b>${fmtInt(t.T)}</b> iteration${t.T === 1 ? "" : "s"}, <b>${fmtInt(t.n)}</b> nodes${best}, root mean <b>${t.rootValueText()}</b>. Step back (◀, ←) or start over (|◀) to replay it.`;
      }
      if (this.step === 0) return "Before the search: press ▶ (or →) to run it one iteration at a time.";
      const s = this.step, path = t.pathNodes(s), leaf = path[path.length - 1];
      const moves = path.slice(1).map((k) => escapeHtml(t.label(k)));
      const r = t.result[s - 1];
      let how;
      if (this.fresh) {
        const selected = moves.slice(0, -1);
        how = (selected.length ? `select ${selected.join(" ")} · ` : "") + `expand <b>${moves[moves.length - 1]}</b> · playout`;
      } else if (t.outcome[leaf] >= 0) how = (moves.length ? `select ${moves.join(" ")} · ` : "") + "finished game";
      else how = (moves.length ? `select ${moves.join(" ")} · ` : "") + "proven node";
      let text = `Iteration <b>${fmtInt(s)}</b>: ${how}: <b class="res ${r > 0 ? "rx" : r < 0 ? "ro" : "rd"}">${RESULT_WORDS(t.board, r)} (${fmtMean(r)})</b>, backed up through ${plural(path.length, "node")}`;
      const proofs = t.proofStart[s + 1] - t.proofStart[s];
      if (proofs) text += ` · solver proved ${plural(proofs, "node")}`;
      return text;
    }

    /** The iteration in the page's own words: the status bar's sentence as plain text. */
    ownNarration() {
      const box = document.createElement("div");
      box.innerHTML = this.statusText();
      return box.textContent.replace(/\(◀, ←\)/, "(←)").replace(/\(\|◀\)/, "(Home)").replace("press ▶ (or →)", "press →");
    }

    itemKey(i) {
      const t = this.t;
      return `${this.entered(i) ? 1 : 0}${i === this.current ? 1 : 0}${this.active.has(i) ? 1 : 0} ${t.visits[i]} `
        + `${t.total[i]} ${t.parent[i] >= 0 ? t.visits[t.parent[i]] : 0} ${t.proven[i]}`;
    }

    itemWords(i) {
      const t = this.t, parts = [i === 0 ? "the root" : `move ${t.label(i)}`];
      if (!this.entered(i)) return { text: `${parts[0]}, not yet created`, state: "not yet searched", value: "" };
      parts.push(t.outcome[i] >= 0 ? outcomeText(t.board, t.outcome[i]) : this.sideWords(i));
      const value = fmtMean(t.mean(i));
      parts.push(`${plural(t.visits[i], "visit")}, mean ${value}`);
      const u = t.ucb(i);
      if (u !== null) parts.push(`UCB1 ${fmtUcb(u)}`);
      const proof = t.provenText(i);
      if (proof) parts.push(`proved: ${proof}`);
      const state = i === this.current ? "current" : "entered";
      parts.push(state === "current" ? "current step" : this.active.has(i) ? "on the selected path" : "created");
      return { text: parts.join(", "), state, value };
    }

    buildText(g, i, tx) {
      const t = this.t;
      const lines = [19, 33, 47, 60].map((y) => y + (t.board.nested ? 12 : 0));
      g._val = el(g, "text", { class: "val nvisits", x: tx, y: lines[0] });
      g._mean = el(g, "text", { class: "mean", x: tx, y: lines[1] });
      g._ucb = el(g, "text", { class: "ord", x: tx, y: lines[2] });
      g._note = el(g, "text", { class: "side", x: tx, y: lines[3] });
    }

    updateText(g, i) {
      const t = this.t;
      g._val.textContent = `n ${fmtInt(t.visits[i])}`;
      g._val.setAttribute("class", "val nvisits" + (this.active.has(i) ? " changed" : ""));
      g._mean.textContent = `q ${fmtMean(t.mean(i))}`;
      g._mean.setAttribute("class", "mean " + t.valueClass(i));
      const u = t.ucb(i);
      g._ucb.textContent = u === null ? "root" : `ucb ${fmtUcb(u)}`;
      const oc = t.outcome[i], proof = t.provenText(i);
      g._note.textContent = oc >= 0 ? outcomeText(t.board, oc) : proof ? `✓ ${proof}` : "";
      g._note.setAttribute("class", "side" + (proof ? " proven" : ""));
    }

    nodeClass(i, cls) {
      if (this.fresh && i === this.current) cls += " fresh";
      return cls;
    }

    moreText(i) {
      const t = this.t;
      let shown = 0;
      for (const c of t.children(i)) if (this.entered(c)) shown++;
      if (shown) return `+${shown}`;
      if (t.hidden[i]) return `+${fmtInt(t.hidden[i])} not shown`;
      return "";
    }

    linkClass(p, c) {
      let cls = super.linkClass(p, c);
      if (this.active.has(c) && this.replaying()) {
        const r = this.t.result[this.step - 1];
        cls += " backprop " + (r > 0 ? "rx" : r < 0 ? "ro" : "rd");
      }
      return cls;
    }

    styleLink(path, p, c) {
      const t = this.t, root = t.visits[0] || 1;
      path.style.strokeWidth = `${(1 + 9 * Math.sqrt(t.visits[c] / root)).toFixed(2)}px`;
    }

    showInfo() {
      const t = this.t;
      const i = this.hovered >= 0 ? this.hovered : this.selected;
      if (i < 0 || !this.pos.has(i)) { this.info.innerHTML = ""; return; }
      const path = t.pathTo(i);
      const moves = path.slice(1).map((k, j) => `<span class="mv ${t.sideClass(path[j])}">${escapeHtml(t.label(k))}</span>`).join(" ");
      const rows = [`<div class="path">${moves ? "Moves: " + moves : "Root position"}</div>`,
        `<div><code>${escapeHtml(t.fenOf(i))}</code></div>`];
      const parts = [`${plural(t.visits[i], "visit")}`, `mean <b>${fmtMean(t.mean(i))}</b> (x's view)`];
      const u = t.ucb(i);
      if (u !== null) parts.push(`UCB1 ${fmtUcb(u)} for ${t.sideOf(t.parent[i])}`);
      rows.push(`<div>${parts.join(" · ")}</div>`);
      const more = [i ? `created by iteration ${fmtInt(t.created[i])}` : "the root", `ply ${t.depth[i]}`];
      if (t.outcome[i] >= 0) more.push(outcomeText(t.board, t.outcome[i]));
      const proof = t.provenText(i);
      if (proof) more.push(`proved: ${proof}`);
      rows.push(`<div class="dim">${more.join(" · ")}</div>`);
      if (t.hidden[i]) rows.push(`<div class="dim">${fmtInt(t.hidden[i])} less visited nodes below left out of this page (max-nodes)</div>`);
      this.info.innerHTML = rows.join("");
    }
  }
