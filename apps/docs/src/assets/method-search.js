// Filters the JSON-RPC reference's methods as the reader types: a method stays when every word
// typed is found in its name, summary, description, or the names of its params and result (the
// index is built with the page, see src/search.mjs). Its section, sidebar entry and overview card
// are hidden otherwise. Keys: `/` focuses the box, Enter opens the first match, Escape clears,
// ArrowDown moves to the first match in the sidebar.
(() => {
  const box = document.querySelector('.method-search');
  const input = document.getElementById('method-search');
  const status = document.getElementById('method-search-status');
  const source = document.getElementById('method-search-index');
  if (!box || !input || !status || !source) return;
  /** @type {{ name: string, text: string }[]} */
  const index = JSON.parse(source.textContent);
  box.hidden = false;

  /** Every element that stands for a method: its section, sidebar entry and overview card. */
  const elementsOf = (name) => document.querySelectorAll(`[data-method="${CSS.escape(name)}"]`);

  /** The methods that match the box, in contract order. */
  function matches() {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    return index.filter((entry) => words.every((word) => entry.text.includes(word)));
  }

  function update() {
    const found = matches();
    const names = new Set(found.map((entry) => entry.name));
    for (const entry of index) {
      for (const element of elementsOf(entry.name)) element.hidden = !names.has(entry.name);
    }
    const query = input.value.trim();
    if (query === '') status.textContent = '';
    else if (found.length === 0) status.textContent = `No method matches “${query}”.`;
    else
      status.textContent = `${found.length} of ${index.length} ${index.length === 1 ? 'method' : 'methods'} ${found.length === 1 ? 'matches' : 'match'}.`;
    return found;
  }

  /** Opens a method's section and moves the focus to its heading. */
  function open(name) {
    const section = document.getElementById(`method-${name}`);
    const heading = section?.querySelector('h2');
    if (!section || !heading) return;
    history.replaceState(null, '', `#method-${name}`);
    heading.tabIndex = -1;
    heading.focus();
    section.scrollIntoView();
  }

  input.addEventListener('input', update);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && input.value !== '') {
      event.preventDefault();
      input.value = '';
      update();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const [first] = update();
      if (first) open(first.name);
    } else if (event.key === 'ArrowDown') {
      const link = [...document.querySelectorAll('.doc-sidebar li[data-method] a')].find(
        (a) => a.closest('li')?.hidden === false,
      );
      if (link) {
        event.preventDefault();
        link.focus();
      }
    }
  });

  /** Whether the key goes to a field the reader is typing in. */
  const typing = (target) =>
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
})();
