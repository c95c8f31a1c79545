/* treeviz championship page: the game list and the move-by-move replay on an ultimate board.
 * Display only: the moves were checked by treeviz when it read the records. */
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("arena-data").textContent);
  const games = data.games;
  const byNumber = new Map(games.map((g) => [g.n, g]));
  const SVG = "http://www.w3.org/2000/svg";
  const C = 36, SUB = 3 * C, GAP = 10, MARGIN = 6;
  const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  const $ = (id) => document.getElementById(id);

  function el(parent, tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  /** Cells (81, sub-board major: index 9 * (sub - 1) + cell - 1), last move and side of a FEN. */
  function parseFen(fen) {
    const [board, last, side] = fen.split(" ");
    const cells = [];
    for (const ch of board) {
      if (ch >= "1" && ch <= "9") for (let k = 0; k < +ch; k++) cells.push(".");
      else cells.push(ch);
    }
    return { cells, last: +last, side };
  }

  function fenOf(cells, last, side) {
    let out = "", run = 0;
    const flush = () => { out += "9".repeat(Math.floor(run / 9)) + (run % 9 ? String(run % 9) : ""); run = 0; };
    for (const ch of cells) {
      if (ch === ".") { run++; continue; }
      flush();
      out += ch;
    }
    flush();
    return `${out} ${String(last).padStart(2, "0")} ${side}`;
  }

  /** Owner of a sub-board: "x", "o", "full" (closed, nobody's) or null (open). */
  function subStatus(cells, sub) {
    const base = 9 * (sub - 1);
    for (const p of ["x", "o"]) {
      if (LINES.some((l) => l.every((k) => cells[base + k] === p))) return p;
    }
    for (let k = 0; k < 9; k++) if (cells[base + k] === ".") return null;
    return "full";
  }

  /** Every position of a game: [{cells, last, side}], the opening first. */
  function positions(game) {
    const start = parseFen(game.opening);
    const out = [start];
    let cells = start.cells, side = start.side;
    for (let i = 0; i < game.moves.length; i += 2) {
      const move = +game.moves.slice(i, i + 2);
      cells = cells.slice();
      cells[9 * (Math.floor(move / 10) - 1) + (move % 10) - 1] = side;
      side = side === "x" ? "o" : "x";
      out.push({ cells, last: move, side });
    }
    return out;
  }

  // -- the board ------------------------------------------------------------------------------
  const board = $("board");
  const cellRects = [], stones = [], frames = [], shades = [], bigLetters = [];
  function origin(sub) {
    return [MARGIN + ((sub - 1) % 3) * (SUB + GAP), MARGIN + Math.floor((sub - 1) / 3) * (SUB + GAP)];
  }
  for (let sub = 1; sub <= 9; sub++) {
    const [ox, oy] = origin(sub);
    const g = el(board, "g", { class: "sub", "data-sub": sub });
    for (let c = 1; c <= 9; c++) {
      const x = ox + ((c - 1) % 3) * C, y = oy + Math.floor((c - 1) / 3) * C;
      cellRects.push(el(g, "rect", { class: "cell", x, y, width: C, height: C, "data-move": `${sub}${c}` }));
      stones.push(el(g, "text", { class: "stone", x: x + C / 2, y: y + C / 2 + 1 }, ""));
    }
    shades.push(el(g, "rect", { class: "won-shade", x: ox, y: oy, width: SUB, height: SUB, visibility: "hidden" }));
    bigLetters.push(el(g, "text", { class: "won", x: ox + SUB / 2, y: oy + SUB / 2 + 4 }, ""));
    frames.push(el(g, "rect", { class: "sub-frame", x: ox, y: oy, width: SUB, height: SUB }));
  }

  function drawPosition(pos, over) {
    pos.cells.forEach((ch, k) => {
      const stone = stones[k];
      stone.textContent = ch === "." ? "" : ch;
      stone.setAttribute("class", ch === "." ? "stone" : `stone ${ch}`);
      const sub = Math.floor(k / 9) + 1, cell = (k % 9) + 1;
      cellRects[k].setAttribute("class", pos.last === 10 * sub + cell ? "cell last" : "cell");
    });
    const sent = pos.last % 10;
    for (let sub = 1; sub <= 9; sub++) {
      const status = subStatus(pos.cells, sub);
      const won = status === "x" || status === "o";
      shades[sub - 1].setAttribute("visibility", won ? "visible" : "hidden");
      shades[sub - 1].setAttribute("class", won ? `won-shade ${status}` : "won-shade");
      bigLetters[sub - 1].textContent = won ? status : "";
      bigLetters[sub - 1].setAttribute("class", won ? `won ${status}` : "won");
      const forced = !over && sent === sub && status === null;
      frames[sub - 1].setAttribute("class", forced ? "sub-frame forced" : "sub-frame");
    }
  }

  // -- the replay -----------------------------------------------------------------------------
  const state = { game: null, ply: 0, positions: [] };
  const movesList = $("moves"), slider = $("slider");

  function seconds(t) { return t < 0.001 ? "<1 ms" : t < 1 ? `${Math.round(t * 1000)} ms` : `${t.toFixed(2)} s`; }

  function resultText(g) {
    const who = g.result === "draw" ? "draw" : `${g.result} (${g.result === "x" ? g.x : g.o}) wins`;
    return `${who} – ${g.detail}; points ${g.points[0]}–${g.points[1]}`;
  }

  function openGame(number, ply) {
    const g = byNumber.get(number);
    if (!g) return false;
    state.game = g;
    state.positions = positions(g);
    $("game-title").textContent = `Game ${g.n}: ${g.x} (x) vs ${g.o} (o)`;
    $("game-result").textContent = resultText(g);
    movesList.textContent = "";
    const first = state.positions[0].side;
    for (let i = 0; i < g.moves.length / 2; i++) {
      const side = (i % 2 === 0) === (first === "x") ? "x" : "o";
      const li = document.createElement("li");
      li.className = side;
      li.dataset.ply = String(i + 1);
      li.innerHTML = `${i + 1}.&nbsp;${g.moves.slice(2 * i, 2 * i + 2)} <span class="t">${seconds(g.t[i])}</span>`;
      li.addEventListener("click", () => show(i + 1));
      movesList.appendChild(li);
    }
    if (g.forfeit) {
      const li = document.createElement("li");
      li.className = "forfeit";
      li.textContent = `${g.forfeit} forfeits (${g.reason}${g.forfeitSeconds != null ? ", " + seconds(g.forfeitSeconds) : ""})`;
      movesList.appendChild(li);
    }
    slider.max = String(g.moves.length / 2);
    document.querySelectorAll("#game-list tbody tr").forEach((tr) => tr.classList.toggle("current", +tr.dataset.game === g.n));
    show(ply === undefined ? g.moves.length / 2 : ply);
    return true;
  }

  function show(ply) {
    const g = state.game;
    if (!g) return;
    const n = g.moves.length / 2;
    ply = Math.max(0, Math.min(n, ply));
    state.ply = ply;
    const pos = state.positions[ply];
    drawPosition(pos, ply === n);
    slider.value = String(ply);
    $("ply-label").textContent = ply === 0 ? `opening (0/${n})` : `move ${ply}/${n}`;
    $("fen").textContent = fenOf(pos.cells, pos.last, pos.side);
    movesList.querySelectorAll("li").forEach((li) => li.classList.toggle("current", +li.dataset.ply === ply));
    const current = movesList.querySelector("li.current");
    if (current) current.scrollIntoView({ block: "nearest" });
    else movesList.scrollTop = 0;
  }

  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(state.ply - 1));
  $("next").addEventListener("click", () => show(state.ply + 1));
  $("last").addEventListener("click", () => show(Infinity));
  slider.addEventListener("input", () => show(+slider.value));
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (ev.key in moves) { show(state.ply + moves[ev.key]); ev.preventDefault(); }
    else if (ev.key === "Home") { show(0); ev.preventDefault(); }
    else if (ev.key === "End") { show(Infinity); ev.preventDefault(); }
  });

  // -- the game list and its filter -----------------------------------------------------------
  const tbody = document.querySelector("#game-list tbody");
  for (const g of games) {
    const tr = document.createElement("tr");
    tr.dataset.game = String(g.n);
    const cls = g.result === "draw" ? "" : `win-${g.result}`;
    const result = g.result === "draw" ? "draw" : `${g.result} ${g.reason === "line" ? "wins" : "by forfeit"}`;
    for (const [text, c] of [[g.n, ""], [g.r + 1, ""], [g.x, ""], [g.o, ""], [result, cls],
                             [`${g.points[0]}–${g.points[1]}`, ""], [g.moves.length / 2, ""]]) {
      const td = document.createElement("td");
      td.textContent = String(text);
      if (c) td.className = c;
      tr.appendChild(td);
    }
    tr.addEventListener("click", () => openGame(g.n));
    tbody.appendChild(tr);
  }

  function filter(a, b) {
    let shown = 0;
    tbody.querySelectorAll("tr").forEach((tr) => {
      const g = byNumber.get(+tr.dataset.game);
      const keep = !a || ((g.x === a && g.o === b) || (g.x === b && g.o === a));
      tr.hidden = !keep;
      shown += keep ? 1 : 0;
    });
    $("filter-label").textContent = a ? `${a} – ${b} (${shown})` : `(${games.length})`;
    $("clear-filter").hidden = !a;
    document.querySelectorAll(".crosstable td.pair").forEach((td) =>
      td.classList.toggle("selected", !!a && td.dataset.a === a && td.dataset.b === b));
    return shown;
  }
  document.querySelectorAll(".crosstable td.pair").forEach((td) =>
    td.addEventListener("click", () => {
      filter(td.dataset.a, td.dataset.b);
      const first = tbody.querySelector("tr:not([hidden])");
      if (first) openGame(+first.dataset.game);
    }));
  $("clear-filter").addEventListener("click", () => filter(null, null));

  document.addEventListener("click", (ev) => {
    const link = ev.target.closest && ev.target.closest("a.game-link");
    if (!link) return;
    ev.preventDefault();
    openGame(+link.dataset.game, link.dataset.ply !== undefined ? +link.dataset.ply : undefined);
    $("replay").scrollIntoView({ block: "nearest" });
  });

  filter(null, null);
  const fromHash = /^#game-(\d+)$/.exec(location.hash);
  if (!(fromHash && openGame(+fromHash[1])) && games.length) openGame(games[0].n);
  window.arena = {
    open: openGame, show, filter,
    get game() { return state.game ? state.game.n : null; },
    get ply() { return state.ply; },
    fen: () => $("fen").textContent,
  };
  document.body.dataset.ready = "1";
})();
