  /* The tree as a list, for the keyboard and screen readers (the WAI-ARIA tree view pattern).
   *
   * A nested list, role="tree", one role="treeitem" per node with aria-level and, where it has children,
   * aria-expanded; each item says the node's move, side, value and state at the replay's step (entered, pruned,
   * current, not yet searched: the viewer's itemWords) and is updated as the replay steps. One item is in the Tab
   * order at a time (roving tabindex); ↑ ↓ go to the previous and next item shown, → opens a node or goes to its
   * first child, ← closes it or goes to its parent, Home and End to the first and last item, Enter opens or
   * closes, * opens the node's siblings. Opening and closing are the picture's (the viewer's expanded nodes): the
   * list and the drawing show the same nodes, and the focused item is the drawing's selected node. Items are made
   * only for the nodes shown (the children of open nodes), so a tree of half a million nodes costs what its
   * open part costs. The panel is off screen until it holds the focus or its toolbar button pins it open.
   */
  let outlineCount = 0;

  class Outline {
    constructor(viewer, stage, toggle) {
      this.v = viewer;
      this.uid = `tv${outlineCount++}`;
      this.items = new Map();
      this.focusId = 0;
      this.toggle = toggle;
      const panel = (this.panel = document.createElement("nav"));
      panel.className = "outline";
      const what = viewer.t.displayName();
      panel.setAttribute("aria-label", `${what} tree as a list`);
      panel.innerHTML = `<p class="outline-head" aria-hidden="true">Tree as a list: ↑ ↓ walk, → open, ← close</p>`;
      const tree = (this.tree = document.createElement("ul"));
      tree.setAttribute("role", "tree");
      tree.setAttribute("aria-label", `${what} tree: each node's move, side, value and state at this step`);
      panel.appendChild(tree);
      stage.appendChild(panel);
      tree.addEventListener("keydown", (e) => this.onKey(e));
      tree.addEventListener("click", (e) => {
        const li = e.target.closest('li[role="treeitem"]');
        if (li) this.focusItem(+li.dataset.node);
      });
      tree.addEventListener("focusin", (e) => {
        const li = e.target.closest('li[role="treeitem"]');
        if (li && +li.dataset.node !== this.focusId) this.focusItem(+li.dataset.node, false);
      });
      toggle.onclick = () => {
        const on = !panel.classList.contains("pinned");
        panel.classList.toggle("pinned", on);
        toggle.setAttribute("aria-pressed", String(on));
      };
    }

    /** The item of node i, made on first use. */
    item(i) {
      let li = this.items.get(i);
      if (li) return li;
      li = document.createElement("li");
      li.setAttribute("role", "treeitem");
      li.id = `${this.uid}-${i}`;
      li.dataset.node = String(i);
      li.tabIndex = i === this.focusId ? 0 : -1;
      const row = document.createElement("span");
      row.className = "row";
      row.id = `${li.id}-name`;
      li.setAttribute("aria-labelledby", row.id);
      li.appendChild(row);
      li._row = row;
      li._group = null;
      this.items.set(i, li);
      return li;
    }

    /** Whether node i is open in the list: open in the picture (or on the replay's path), with children. */
    isOpen(i) { return i < this.v.t.n && this.v.t.children(i).length > 0 && this.v.isOpen(i); }

    /** Brings the list up to date with the viewer: the items shown, their words, states and levels. */
    update() {
      const v = this.v;
      if (!this.tree.firstChild) this.tree.appendChild(this.item(0));
      const visit = (i, level) => {
        const li = this.item(i);
        const key = v.itemKey(i);
        if (li._key !== key) {  // the words change only with the node's state: most items keep theirs at a step
          li._key = key;
          const words = v.itemWords(i);
          if (li._row.textContent !== words.text) li._row.textContent = words.text;
          li.dataset.state = words.state;
          li.dataset.value = words.value;
          li.classList.toggle("current", words.state === "current");
          if (words.state === "current") li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
        }
        if (li._level !== level) { li._level = level; li.setAttribute("aria-level", String(level)); }
        const selected = i === v.selected;
        if (li._selected !== selected) { li._selected = selected; li.classList.toggle("selected", selected); }
        const kids = i < v.t.n ? v.t.children(i) : [];
        if (!kids.length) return;
        const open = this.isOpen(i);
        if (li._open !== open) { li._open = open; li.setAttribute("aria-expanded", String(open)); }
        if (!open) { if (li._group) li._group.hidden = true; return; }
        if (!li._group) {
          li._group = document.createElement("ul");
          li._group.setAttribute("role", "group");
          for (const c of kids) li._group.appendChild(this.item(c));
          li.appendChild(li._group);
        }
        li._group.hidden = false;
        for (const c of kids) visit(c, level + 1);
      };
      visit(0, 1);
      // The item in the Tab order must be shown: else its nearest shown ancestor takes its place.
      let f = this.focusId;
      while (f > 0 && !this.shown(f)) f = v.t.parent[f];
      if (f !== this.focusId) this.setRoving(f);
    }

    /** Whether node i's item is in the list as shown (every ancestor open). */
    shown(i) {
      for (let a = this.v.t.parent[i]; a >= 0; a = this.v.t.parent[a]) if (!this.isOpen(a)) return false;
      return this.items.has(i);
    }

    setRoving(i) {
      const old = this.items.get(this.focusId);
      if (old) old.tabIndex = -1;
      this.focusId = i;
      this.item(i).tabIndex = 0;
    }

    /** Moves the focus to node i's item and makes it the picture's selected node, kept in view. */
    focusItem(i, moveFocus = true) {
      const v = this.v;
      this.setRoving(i);
      v.selected = i;
      v.render();
      const li = this.item(i);
      if (moveFocus) li.focus();
      li.scrollIntoView({ block: "nearest" });
      if (v.pos.has(i)) v.keepInView(i);
    }

    /** The items shown, top to bottom. */
    shownItems() {
      const out = [];
      const walk = (i) => {
        out.push(i);
        if (this.isOpen(i)) for (const c of this.v.t.children(i)) walk(c);
      };
      walk(0);
      return out;
    }

    /** Opens (1) or closes (0) node i, in the list and the picture. */
    setOpen(i, open) {
      const v = this.v;
      v.act(() => { v.expanded[i] = open; });
    }

    onKey(e) {
      if (!Outline.KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
      const v = this.v, t = v.t, i = this.focusId;
      e.preventDefault();
      e.stopPropagation();
      const shown = () => this.shownItems();
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        const list = shown(), k = list.indexOf(i) + (e.key === "ArrowDown" ? 1 : -1);
        if (k >= 0 && k < list.length) this.focusItem(list[k]);
      } else if (e.key === "ArrowRight") {
        if (i >= t.n || !t.children(i).length) return;
        if (!this.isOpen(i)) this.setOpen(i, 1);
        else this.focusItem(t.children(i)[0]);
      } else if (e.key === "ArrowLeft") {
        if (this.isOpen(i) && v.expanded[i]) {
          this.setOpen(i, 0);
          if (!this.isOpen(i) || t.parent[i] < 0) return;  // else the replay's path holds it open: go up
        }
        if (t.parent[i] >= 0) this.focusItem(t.parent[i]);
      } else if (e.key === "Home") this.focusItem(0);
      else if (e.key === "End") { const list = shown(); this.focusItem(list[list.length - 1]); }
      else if (e.key === "Enter") { if (i < t.n && t.children(i).length) this.setOpen(i, this.isOpen(i) ? 0 : 1); }
      else if (e.key === "*") {
        const p = t.parent[i];
        v.act(() => { for (const c of p >= 0 ? t.children(p) : [0]) if (c < t.n && t.children(c).length) v.expanded[c] = 1; });
      }
      this.item(this.focusId).focus();
    }
  }
  Outline.KEYS = new Set(["ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft", "Home", "End", "Enter", "*"]);
