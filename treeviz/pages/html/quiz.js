  /* The quiz: the whole tree of an exercise (treeviz/exercises/quiz.py), the leaves' values given, an input for
   * the value at each inner node (and, at the windows level, for alpha and beta at its entry), the branches the
   * student thinks alpha-beta prunes marked by clicking them. "Check" judges every answer against the key the
   * page carries and lists each mistake with what is right and why.
   *
   * The tree's columns are those of the minimax tree of the position (every node "entered", in the search's
   * order); the key (data.quiz) gives, node by node, what alpha-beta did there. Answers live in the viewer's
   * arrays, not in the inputs, so that closing and opening a subtree keeps them.
   */
  const QUIZ_TEXT_W = 112;
  /** The smallest scale at which the page opens on the whole tree (its boxes still read and typed in); a tree that
   * needs less opens at the typing scale. */
  const QUIZ_READABLE = 0.6;
  const QUIZ_TYPING_SCALE = 0.85;
  /** A small tree is shown a little larger than life, easier to read and type in. */
  const QUIZ_LARGEST = 1.25;
  const QUIZ_RELATIONS = { "<=": "≤", "=<": "≤", "≤": "≤", ">=": "≥", "=>": "≥", "≥": "≥", "=": "=" };
  const QUIZ_BOUND_RELATION = { exact: "=", lower: "≥", upper: "≤" };
  const QUIZ_KIND_ORDER = { branch: 0, value: 1, alpha: 2, beta: 3 };

  /** A number as typed: 3, -2, −2, +1, 2.5, 2,5, 5/2, inf, -∞ ... (null when it is none). Also returns how many
   * decimals it was written with, so that 2.33 can stand for 7/3. */
  function readNumber(text) {
    const s = text.replace(/[−–]/g, "-").replace(/\s+/g, "").toLowerCase();
    if (/^[+-]?(∞|inf|infinity)$/.test(s)) return { value: s[0] === "-" ? -Infinity : Infinity, decimals: 0 };
    const frac = /^([+-]?\d+)\/(\d+)$/.exec(s);
    if (frac) return +frac[2] ? { value: +frac[1] / +frac[2], decimals: 0, exact: true } : null;
    const dec = /^[+-]?(\d+(?:[.,]\d*)?|[.,]\d+)$/.exec(s);
    if (!dec) return null;
    const plain = s.replace(",", ".");
    const point = plain.indexOf(".");
    return { value: parseFloat(plain), decimals: point < 0 ? 0 : plain.length - point - 1 };
  }

  /** A value as typed, with its relation: {relation: "" | "=" | "≤" | "≥", value, decimals}, {empty} or {error}. */
  function readAnswer(text) {
    const s = String(text).trim();
    if (!s) return { empty: true };
    const m = /^(<=|=<|≤|>=|=>|≥|=)/.exec(s);
    const relation = m ? QUIZ_RELATIONS[m[1]] : "";
    const n = readNumber(m ? s.slice(m[1].length) : s);
    return n ? Object.assign({ relation }, n) : { error: true };
  }

  /** Whether a typed number is the true one: equal, or its rounding when written with two decimals or more. */
  function sameNumber(typed, truth) {
    if (!Number.isFinite(truth) || !Number.isFinite(typed.value)) return typed.value === truth;
    const tolerance = 1e-9 * Math.max(1, Math.abs(truth));
    if (Math.abs(typed.value - truth) <= tolerance) return true;
    return typed.decimals >= 2 && Math.abs(typed.value - truth) <= 0.5 * 10 ** -typed.decimals + tolerance;
  }

  class QuizTree extends Tree {
    constructor(d) {
      super(d);
      this.kind = "quiz";
      const q = (this.q = d.quiz);
      q.value = q.value.map((v) => (v === null ? null : num(v)));
      q.leafValue = q.leafValue.map((v) => (v === null ? null : num(v)));
      q.alpha = q.alpha.map((v) => (v === null ? -Infinity : num(v)));
      q.beta = q.beta.map((v) => (v === null ? Infinity : num(v)));
      q.windows = q.windows.map((ws) => ws.map(([a, b]) => [num(a), num(b)]));
      q.isPruned = new Uint8Array(this.N);
      for (const i of q.pruned) q.isPruned[i] = 1;
      q.isBelow = new Uint8Array(this.N);
      for (const i of q.below) q.isBelow[i] = 1;
      this.isAlphaBeta = false;
      this.abQuiz = q.algorithm === "alphabeta";
      this.signed = q.signed;
      this.asksWindows = q.level === "windows";
    }
    summaryBits() {
      const what = this.asksWindows ? "values, α and β, pruned branches" : this.abQuiz ? "values and pruned branches" : "values";
      return [this.board.title, `${this.abQuiz ? "alpha-beta" : "minimax"} quiz: ${what}`, `${fmtInt(this.N)} nodes`];
    }
  }

  class QuizViewer extends Viewer {
    setup() {
      const t = this.t, N = t.N;
      this.q = t.q;
      const base = geometryOf(t);
      this.geo = Object.assign({}, base, { W: base.tx + QUIZ_TEXT_W, leafW: base.W });
      if (t.board.kind === "textbook") this.geo.leafW = 48;
      this.answers = { value: new Array(N).fill(""), alpha: new Array(N).fill(""), beta: new Array(N).fill("") };
      this.marked = new Uint8Array(N);
      this.result = null;
      this.showing = false;
    }

    buildDom(host) {
      super.buildDom(host);
      const root = this.root, t = this.t, q = this.q;
      root.classList.add("quiz");
      root.classList.toggle("ab", t.abQuiz);
      const pv = root.querySelector(".pv");
      if (pv) pv.remove();
      root.querySelector("h2 .algo").textContent = t.abQuiz ? "alpha-beta quiz" : "minimax quiz";
      root.querySelector("h2 .count").innerHTML = `· <b class="nodes">${fmtInt(t.N)}</b> nodes`;
      root.querySelector(".legend").innerHTML = (t.abQuiz
        ? '<span class="sw" style="background:var(--mine)"></span>your pruned mark ' : "")
        + '<span class="sw" style="background:var(--ok)"></span>right <span class="sw" style="background:var(--wrong)"></span>wrong'
        + ' <span class="sw" style="background:var(--key)"></span>answer';
      const stage = root.querySelector(".stage");
      const body = document.createElement("div");
      body.className = "quiz-body";
      stage.replaceWith(body);
      body.appendChild(stage);
      const panel = (this.panel = document.createElement("aside"));
      panel.className = "quiz-panel";
      const asked = t.asksWindows ? "values, α and β, pruned branches" : t.abQuiz ? "values and pruned branches" : "values";
      panel.innerHTML = `
        <h3>Quiz: ${escapeHtml(asked)}</h3>
        <div class="quiz-buttons">
          <button type="button" class="check" title="Check every answer">Check</button>
          <button type="button" class="answer" title="Show what the search did">Show the answer</button>
          <button type="button" class="clear" title="Clear every answer and mark">Start over</button>
        </div>
        <div class="score" aria-live="polite"></div>
        <ol class="mistakes"></ol>
        <details class="rules" open><summary>How to answer</summary>
          <ul>${q.rules.map((r) => `<li>${escapeHtml(r)}</li>`).join("")}</ul></details>`;
      body.appendChild(panel);
      panel.querySelector(".check").onclick = () => this.check();
      panel.querySelector(".answer").onclick = () => this.toggleAnswer();
      panel.querySelector(".clear").onclick = () => this.clear();
      panel.querySelector(".mistakes").addEventListener("click", (e) => {
        const item = e.target.closest("li[data-node]");
        if (item) this.reveal(+item.dataset.node);
      });
      const help = document.getElementById("help");
      if (help) {
        help.innerHTML = `<p><b>Type</b> in a node's boxes; <b>click a branch</b> (its line or move label) to mark it
          pruned, again to unmark. <b>Click</b> a node's card to close or open its subtree. Drag to pan, wheel or
          pinch to zoom, <kbd>f</kbd> fits the tree to the window. <b>Check</b> scores your answers and lists what
          is wrong and why; hover a node afterwards for the search's reason.</p>`;
      }
      const onEdge = (e) => {
        const target = e.target.closest("g.mvlabel, path.hit, path.link");
        if (!target || !target.__data__) return;
        e.stopPropagation();
        this.toggleMark(target.__data__.target.data);
      };
      this.gHits = this.gLinks.append("g").attr("class", "hits");
      this.gLinks.node().addEventListener("click", onEdge);
      this.gLabels.node().addEventListener("click", onEdge);
    }

    // ---------------------------------------------------------------- the whole tree, open, never replayed
    showPrincipalVariation() { this.expandAll(); }
    setStep() {}
    togglePlay() {}
    linkIsBest() { return false; }
    width(i) { return this.q.leaf[i] ? this.geo.leafW : this.geo.W; }

    /** Whether the student's marks put node i inside a branch they say is pruned (the marked node included). */
    skipped(i) {
      for (let a = i; a > 0; a = this.t.parent[a]) if (this.marked[a]) return true;
      return false;
    }

    /** Enter in a box: on to the next box of the tree (value, α, β of a node, then the next node in the search's
     * order), skipping those inside a branch marked pruned. */
    focusNext(field) {
      const boxes = Array.from(this.root.querySelectorAll("input.qin:not([readonly]):not(:disabled)"));
      const rank = (f) => +f.dataset.node * 4 + { value: 0, alpha: 1, beta: 2 }[f.dataset.kind];
      boxes.sort((a, b) => rank(a) - rank(b));
      const next = boxes[boxes.indexOf(field) + 1];
      if (next) next.focus({ preventScroll: true });
      else field.blur();
    }

    toggleMark(c) {
      if (!this.t.abQuiz || c <= 0 || this.showing) return;
      if (!this.marked[c] && this.skipped(this.t.parent[c])) return;
      this.act(() => { this.marked[c] ^= 1; });
    }

    /** The whole tree in the window (Fit, the f key): as large as fits, at most a little larger than life. */
    fit() {
      const { W, H, b } = this.frame();
      const k = Math.min(QUIZ_LARGEST, (W - 30) / (b.x1 - b.x0), (H - 30) / (b.y1 - b.y0));
      this.svg.call(this.zoom.transform,
        d3.zoomIdentity.translate(W / 2 - k * (b.x0 + b.x1) / 2, H / 2 - k * (b.y0 + b.y1) / 2).scale(k));
    }

    /** The page opens on the whole tree when its boxes can still be read and typed in at that scale (a few dozen
     * nodes on a laptop's screen); a bigger tree opens at the typing scale, the root at the top in the middle (drag
     * or wheel to see the rest, Fit to see it whole). */
    opening() {
      const { W, H, b } = this.frame();
      if (Math.min((W - 30) / (b.x1 - b.x0), (H - 30) / (b.y1 - b.y0)) >= QUIZ_READABLE) { this.fit(); return; }
      const k = QUIZ_TYPING_SCALE;
      this.svg.call(this.zoom.transform,
        d3.zoomIdentity.translate(W / 2 - k * this.laidOut[0].x, 30 - k * b.y0).scale(k));
    }

    frame() {
      const box = this.svg.node().getBoundingClientRect();
      return { W: box.width || 800, H: box.height || 600, b: this.bounds(this.laidOut) };
    }

    // ---------------------------------------------------------------- nodes
    buildNode(g, i) {
      const t = this.t, q = this.q, geo = this.geo, W = this.width(i), H = geo.H, x0 = -W / 2;
      g.dataset.id = String(i);
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        if (e.target.closest("input")) return;
        this.onNodeClick(i);
      });
      g.addEventListener("mouseenter", () => { this.hovered = i; this.showInfo(); });
      g.addEventListener("mouseleave", () => { this.hovered = -1; this.showInfo(); });
      el(g, "rect", { class: "card", x: x0, y: 0, width: W, height: H, rx: 7 });
      const tx = x0 + geo.tx;
      if (q.leaf[i] && t.board.kind === "textbook") {
        // A textbook leaf is its value.
        const v = q.leafValue[i];
        el(g, "text", { class: "val leafval " + (v > 0 ? "vx" : v < 0 ? "vo" : "vd"), x: 0, y: H / 2 }, t.number(v));
      } else {
        const board = el(g, "g", { transform: `translate(${x0 + geo.bx},${geo.by})` });
        drawPosition(board, t, i, geo);
      }
      if (q.leaf[i] && t.board.kind === "textbook") {
        // nothing more
      } else if (q.leaf[i]) {
        const v = q.leafValue[i];
        el(g, "text", { class: "val " + (v > 0 ? "vx" : v < 0 ? "vo" : "vd"), x: tx, y: 27 }, t.number(v));
        const side = el(g, "text", { class: "side", x: tx, y: 44 });
        const oc = t.outcome[i];
        if (oc >= 0) side.textContent = outcomeText(t.board, oc);
        else if (t.leaf[i] === 1) side.textContent = "heuristic";
        else if (t.board.kind !== "textbook") fillSide(side, t, i);
      } else {
        const fo = el(g, "foreignObject", { x: tx - 2, y: 2, width: W - geo.tx - 2, height: H - 4 });
        const box = document.createElement("div");
        box.className = "qbox";
        const input = (kind, label, placeholder) => {
          const wrap = document.createElement("label");
          wrap.className = "q" + kind;
          if (label) wrap.appendChild(document.createTextNode(label));
          const field = document.createElement("input");
          field.type = "text";
          field.className = "qin q-" + kind;
          field.dataset.node = String(i);
          field.dataset.kind = kind;
          field.placeholder = placeholder;
          field.spellcheck = false;
          field.autocomplete = "off";
          field.value = this.answers[kind][i];
          field.addEventListener("input", () => {
            this.answers[kind][i] = field.value;
            field.classList.remove("ok", "bad");
          });
          field.addEventListener("focus", () => this.keepInView(i));
          field.addEventListener("keydown", (e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            this.focusNext(field);
          });
          for (const type of ["mousedown", "pointerdown", "touchstart", "dblclick"]) {
            field.addEventListener(type, (e) => e.stopPropagation());
          }
          wrap.appendChild(field);
          return wrap;
        };
        const row = document.createElement("div");
        row.className = "qrow";
        row.appendChild(input("value", "", "value"));
        const mark = document.createElement("span");
        mark.className = "qmark";
        row.appendChild(mark);
        box.appendChild(row);
        if (t.asksWindows) {
          const win = document.createElement("div");
          win.className = "qrow qwin";
          const given = i === 0;
          win.appendChild(input("alpha", "α", ""));
          win.appendChild(input("beta", "β", ""));
          box.appendChild(win);
          if (given) {
            win.querySelectorAll("input").forEach((f, k) => {
              f.value = t.number(k ? q.beta[0] : q.alpha[0]);
              f.readOnly = true;
              f.classList.add("given");
              f.title = "given: the search starts with the full window";
            });
          }
        }
        const note = document.createElement("div");
        note.className = "qnote";
        const side = q.side[i];
        note.textContent = side === 2 ? "chance node" : t.board.kind === "textbook" ? q.players[side] : `${q.players[side]} to move`;
        box.appendChild(note);
        fo.appendChild(box);
        g._box = box; g._mark = mark; g._note = note;
      }
      const nk = t.children(i).length;
      if (nk) {
        g._more = el(g, "g", { class: "more", transform: `translate(0,${H + 9})` });
        g._moreRect = el(g._more, "rect", { y: -8, height: 16, rx: 8 });
        g._moreText = el(g._more, "text", {});
      }
    }

    updateNode(g, i) {
      const t = this.t, q = this.q;
      let cls = "node";
      if (t.board.nested) cls += " nested";
      if (i === this.selected) cls += " selected";
      const open = this.showsOpen(i);
      if (open) cls += " open";
      const skipped = this.skipped(i);
      if (skipped) cls += " skipped";
      if (this.showing && !q.examined[i]) cls += " key-unreached";
      g.setAttribute("class", cls);
      if (g._box) this.updateAnswers(g, i, skipped);
      if (g._more) {
        const text = open ? "" : `+${fmtInt(t.size[i] - 1)} below`;
        g._more.style.display = text ? "" : "none";
        if (text && g._moreText.textContent !== text) {
          g._moreText.textContent = text;
          const w = 7 * text.length + 12;
          g._moreRect.setAttribute("x", -w / 2);
          g._moreRect.setAttribute("width", w);
        }
      }
    }

    /** A node's inputs: disabled inside a branch the student marks pruned, coloured by the last check, the key
     * beside them while the answer is shown. */
    updateAnswers(g, i, skipped) {
      const t = this.t, q = this.q, judged = this.result ? this.result.byNode.get(i) : null;
      for (const field of g._box.querySelectorAll("input")) {
        const kind = field.dataset.kind;
        if (field.classList.contains("given")) continue;
        field.disabled = skipped;
        if (field.value !== this.answers[kind][i]) field.value = this.answers[kind][i];
        field.classList.remove("ok", "bad");
        if (judged && judged[kind] !== undefined) field.classList.add(judged[kind] ? "ok" : "bad");
      }
      let mark = "", markClass = "qmark";
      const side = q.side[i];
      let note = side === 2 ? "chance node" : t.board.kind === "textbook" ? q.players[side] : `${q.players[side]} to move`;
      let noteClass = "qnote";
      if (this.showing) {
        mark = q.examined[i] ? q.answer[i] : "—";
        markClass += " key";
        if (q.examined[i]) {
          note = `#${q.order[i]}` + (t.abQuiz ? `  α ${t.number(q.alpha[i])}  β ${t.number(q.beta[i])}` : "");
          noteClass += " key";
        }
      } else if (judged) {
        if (judged.value === true) { mark = "✓"; markClass += " ok"; }
        else if (judged.value === false) { mark = "✗ " + (q.examined[i] ? q.answer[i] : "blank"); markClass += " bad"; }
        if (judged.alpha === false || judged.beta === false) {
          note = `✗ α ${t.number(q.alpha[i])}  β ${t.number(q.beta[i])}`;
          noteClass += " bad";
        }
      }
      if (g._mark.textContent !== mark) g._mark.textContent = mark;
      g._mark.className = markClass;
      if (g._note.textContent !== note) g._note.textContent = note;
      g._note.className = noteClass;
    }

    // ---------------------------------------------------------------- branches
    linkClass(p, c) {
      const q = this.q;
      let cls = "link";
      if (this.marked[c]) cls += " marked";
      else if (this.skipped(p)) cls += " skipped";
      if (this.showing) {
        if (q.isPruned[c]) cls += " key-pruned";
        else if (q.isBelow[c]) cls += " key-unreached";
      } else if (this.result) {
        const judged = this.result.byNode.get(c);
        if (judged && judged.branch !== undefined) cls += judged.branch ? " right" : this.marked[c] ? " wrongmark" : " missed";
      }
      return cls;
    }

    drawExtraLinks(link) {
      const links = this.laidOut.filter((d) => d.parent).map((d) => ({ source: d.parent, target: d }));
      this.gHits.selectAll("path.hit").data(this.t.abQuiz ? links : [], (d) => d.target.data)
        .join("path").attr("class", "hit").attr("d", link);
    }

    render() {
      const prev = super.render();
      // A branch's move label carries its mark: the student's ✂, or after a check or with the answer shown the
      // verdict (✂ right, ✗ marked but not pruned, ✂? pruned but not marked).
      const viewer = this;
      this.gLabels.selectAll("g.mvlabel").each(function (d) {
        const c = d.target.data, sign = viewer.branchSign(c), label = viewer.t.label(c);
        this.dataset.edge = String(c);
        const text = sign ? `${sign[0]} ${label}` : label;
        const node = this.querySelector("text");
        if (node.textContent !== text) {
          node.textContent = text;
          const w = Math.max(18, 7 * text.length + 8);
          const r = this.querySelector("rect");
          r.setAttribute("x", -w / 2); r.setAttribute("width", w);
        }
        for (const k of ["mine", "ok", "bad", "key"]) this.classList.toggle("bm-" + k, !!sign && sign[1] === k);
      });
      return prev;
    }

    /** The sign on branch c: [text, class] or null. */
    branchSign(c) {
      const q = this.q, marked = this.marked[c];
      if (this.showing) return q.isPruned[c] ? ["✂", "key"] : null;
      if (this.result) {
        const judged = this.result.byNode.get(c);
        if (judged && judged.branch !== undefined) {
          if (judged.branch) return ["✂", "ok"];
          return marked ? ["✗", "bad"] : ["✂?", "bad"];
        }
      }
      return marked ? ["✂", "mine"] : null;
    }

    // ---------------------------------------------------------------- checking
    /** Every answer judged against the key: the score, and the mistakes in the tree's order. */
    judge() {
      const t = this.t, q = this.q, N = t.N;
      const byNode = new Map(), mistakes = [];
      let correct = 0, total = 0;
      const note = (i, kind, ok) => {
        if (!byNode.has(i)) byNode.set(i, {});
        byNode.get(i)[kind] = ok;
      };
      const wrong = (i, kind, typed, right, why) => mistakes.push({ i, kind, typed, right, why });
      for (let i = 0; i < N; i++) {
        if (q.leaf[i]) continue;
        const skipped = this.skipped(i), reached = q.examined[i] === 1;
        const asked = [["value", this.answers.value[i]]];
        if (t.asksWindows && i > 0) asked.push(["alpha", this.answers.alpha[i]], ["beta", this.answers.beta[i]]);
        for (const [kind, raw] of asked) {
          const typed = skipped ? "" : raw.trim();
          if (!reached && !typed) continue;
          total++;
          if (!reached) {
            note(i, kind, false);
            wrong(i, kind, typed, "blank", q.valueWhy[i]);
            continue;
          }
          const verdict = kind === "value" ? this.judgeValue(typed, i) : this.judgeBound(typed, kind === "alpha" ? q.alpha[i] : q.beta[i]);
          note(i, kind, verdict.ok);
          if (verdict.ok) { correct++; continue; }
          const right = kind === "value" ? q.answer[i] : t.number(kind === "alpha" ? q.alpha[i] : q.beta[i]);
          const shown = skipped ? "nothing (it is inside a branch you marked pruned)" : typed ? `${typed}${verdict.note ? ` (${verdict.note})` : ""}` : "nothing";
          wrong(i, kind, shown, right, kind === "value" ? q.valueWhy[i] : q.windowWhy[i]);
        }
      }
      if (t.abQuiz) {
        for (let c = 1; c < N; c++) {
          const pruned = q.isPruned[c] === 1, marked = this.marked[c] === 1;
          if (!pruned && !marked) continue;
          total++;
          note(c, "branch", pruned && marked);
          if (pruned && marked) correct++;
          else wrong(c, "branch", marked ? "marked pruned" : "not marked", pruned ? "pruned" : "not pruned", q.mark[c]);
        }
      }
      mistakes.sort((a, b) => a.i - b.i || QUIZ_KIND_ORDER[a.kind] - QUIZ_KIND_ORDER[b.kind]);
      return { correct, total, mistakes, byNode };
    }

    /** A value answer: the number must be the search's, and a relation, if written, the right one. */
    judgeValue(text, i) {
      const q = this.q, a = readAnswer(text);
      if (a.empty) return { ok: false };
      if (a.error) return { ok: false, note: "not a value: write e.g. 3, ≤2 or ≥5" };
      if (!sameNumber(a, q.value[i])) return { ok: false };
      if (a.relation === "" || a.relation === QUIZ_BOUND_RELATION[q.bound[i]]) return { ok: true };
      // Say what the value is, then what it is not: "=2" at a node proved only <= 2 is a bound, not exact.
      const said = { "=": "an exact value", "≤": "an upper bound", "≥": "a lower bound" }[a.relation];
      const number = this.t.number(q.value[i]);
      const is = { exact: "an exact value", upper: `only an upper bound, ≤ ${number}`, lower: `only a lower bound, ≥ ${number}` }[q.bound[i]];
      return { ok: false, note: `the number is right, but it is ${is}, not ${said}` };
    }

    /** An alpha or beta answer: the number itself (∞ as inf). */
    judgeBound(text, truth) {
      const a = readAnswer(text);
      if (a.empty) return { ok: false };
      if (a.error || a.relation) return { ok: false, note: "not a number: write e.g. 3, -inf or +inf" };
      return { ok: sameNumber(a, truth) };
    }

    check() {
      const result = (this.result = this.judge());
      if (this.showing) this.showing = false;
      this.render();
      this.showScore(result);
      const rules = this.panel.querySelector("details.rules");
      if (rules && result.mistakes.length) rules.open = false;
      this.panel.querySelector(".answer").textContent = "Show the answer";
    }

    showScore(result) {
      const { correct, total, mistakes } = result;
      const percent = total ? Math.round((1000 * correct) / total) / 10 : 100;
      const score = this.panel.querySelector(".score");
      score.className = "score " + (mistakes.length ? "some" : "all");
      score.innerHTML = `Score: <b class="points">${fmtInt(correct)} / ${fmtInt(total)}</b> <b class="percent">(${percent} %)</b>`
        + (mistakes.length ? ` · ${plural(mistakes.length, "mistake")}` : " · all correct");
      const q = this.q, what = { value: "value", alpha: "α at entry", beta: "β at entry" };
      this.panel.querySelector(".mistakes").innerHTML = mistakes.map((m) => {
        const where = m.kind === "branch" ? escapeHtml(q.branch[m.i]) : `${escapeHtml(q.name[m.i])}: ${what[m.kind]}`;
        return `<li data-node="${m.i}" data-kind="${m.kind}"><div class="where">${where}</div>`
          + `<div>you: <span class="you">${escapeHtml(m.typed)}</span> · right: <b class="right">${escapeHtml(m.right)}</b></div>`
          + `<div class="why">${escapeHtml(m.why)}</div></li>`;
      }).join("");
    }

    toggleAnswer() {
      this.showing = !this.showing;
      this.panel.querySelector(".answer").textContent = this.showing ? "Hide the answer" : "Show the answer";
      this.act(() => { if (this.showing) this.expandAll(); });
    }

    clear() {
      for (const kind in this.answers) this.answers[kind].fill("");
      this.marked.fill(0);
      this.result = null;
      this.showing = false;
      this.panel.querySelector(".answer").textContent = "Show the answer";
      this.panel.querySelector(".score").innerHTML = "";
      this.panel.querySelector(".mistakes").innerHTML = "";
      this.render();
    }

    statusText() { return ""; }
    narration() { return ""; }
    /** The list would tell the answers (the values); the quiz's boxes are the keyboard's way in. */
    hasOutline() { return false; }

    showInfo() {
      const t = this.t, q = this.q;
      const i = this.hovered >= 0 ? this.hovered : this.selected;
      if (i < 0 || !this.pos.has(i)) { this.info.innerHTML = ""; return; }
      const path = t.pathTo(i);
      const moves = path.slice(1).map((k, j) => `<span class="mv ${t.sideClass(path[j])}">${escapeHtml(t.label(k))}</span>`).join(" ");
      const rows = [`<div class="path">${escapeHtml(q.name[i])}</div>`];
      if (moves) rows.push(`<div>Moves: ${moves}</div>`);
      if (t.board.kind !== "textbook") rows.push(`<div><code>${escapeHtml(t.fenOf(i))}</code></div>`);
      if (this.showing || this.result) {
        if (i > 0 && q.reason[i]) rows.push(`<div>${escapeHtml(q.reason[i])}</div>`);
        if (q.examined[i] && !q.leaf[i]) {
          rows.push(`<div>value <b>${escapeHtml(q.answer[i])}</b>: ${escapeHtml(q.valueWhy[i])}</div>`);
          if (t.abQuiz) rows.push(`<div class="dim">windows: ${q.windows[i].map((w) => escapeHtml(t.bracket(w))).join(" → ")}</div>`);
        }
      }
      this.info.innerHTML = rows.join("");
    }
  }
