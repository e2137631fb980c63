// Try-it panels: a form under each operation (OpenAPI) or method (JSON-RPC) that sends the request
// from the browser to a server and shows the answer. The server is the local stack's unless the
// reader types another base URL; that URL is shared by every panel of the page and kept in
// localStorage. The page's data (<script id="try-it">) comes from src/try-it/. The JSON-RPC page's
// panels go in its `[data-try-it]` slots at once; a Redoc page calls `starspecTryIt.mount()` once
// Redoc has rendered, and each panel goes at the end of its operation's middle column.
(() => {
  const source = document.getElementById('try-it');
  if (!source) return;
  const config = JSON.parse(source.textContent);
  const TIMEOUT_MS = 30_000;
  const rpc = config.kind === 'openrpc';
  let nextId = 1;

  const stored = () => {
    try {
      return localStorage.getItem(config.storageKey);
    } catch {
      return null; // storage refused (private mode, file:// in some browsers): use the default
    }
  };
  const store = (value) => {
    try {
      localStorage.setItem(config.storageKey, value);
    } catch {
      // not kept: the panels still use it until the page is left
    }
  };
  let baseUrl = stored() ?? config.defaultUrl;
  /** Every server field of the page: typing in one updates the others. */
  const baseInputs = [];

  /** An element with properties (`className`, `type`, …), attributes (`aria-*`, `data-*`) and children. */
  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key.startsWith('aria-') || key.startsWith('data-') || key === 'list' || key === 'for')
        node.setAttribute(key, value);
      else node[key] = value;
    }
    node.append(...children.filter((c) => c !== undefined && c !== null));
    return node;
  }

  /** A labelled control: the label's text, an optional note, then the control. */
  const field = (label, control, note) =>
    el(
      'label',
      { className: 'try-it-field' },
      el('span', { className: 'try-it-label' }, label, note ? el('small', {}, note) : undefined),
      control,
    );

  function serverField() {
    if (!document.getElementById('try-it-servers')) {
      const list = el('datalist', { id: 'try-it-servers' });
      for (const s of config.suggestions) list.append(el('option', { value: s.url, label: s.label }));
      document.body.append(list);
    }
    const input = el('input', {
      type: 'url',
      name: 'server',
      value: baseUrl,
      list: 'try-it-servers',
      autocomplete: 'off',
      spellcheck: false,
      placeholder: config.defaultUrl,
    });
    input.addEventListener('input', () => {
      baseUrl = input.value.trim();
      store(baseUrl);
      for (const other of baseInputs) if (other !== input) other.value = input.value;
    });
    baseInputs.push(input);
    return field('Server', input, `default ${config.defaultUrl}`);
  }

  /** The base URL typed, checked; throws a message for the reader. */
  function server() {
    const text = baseUrl.trim();
    if (text === '') throw new Error(`Type the server's base URL, e.g. ${config.defaultUrl}.`);
    let url;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`“${text}” is not a URL: write it whole, e.g. ${config.defaultUrl}.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`The server URL must start with http:// or https://, not ${url.protocol}.`);
    return url;
  }

  /** The answer's body, indented when it is JSON. */
  function pretty(text) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }

  /** Shows an answer, or a message when there is none. */
  function show(output, { label, response, text, problem }) {
    output.replaceChildren();
    output.dataset.state = problem ? 'problem' : 'answered';
    if (problem) {
      output.append(el('p', { className: 'try-it-problem' }, problem));
      return;
    }
    const status = el(
      'span',
      { className: `try-it-status status-${String(response.status)[0]}xx` },
      `${response.status} ${response.statusText}`.trim(),
    );
    output.append(el('p', { className: 'try-it-line' }, status, ' ', el('code', {}, label)));
    if (rpc) {
      const error = parseJson(text)?.error;
      if (error && typeof error === 'object')
        output.append(
          el('p', { className: 'try-it-problem' }, `JSON-RPC error ${error.code}: ${error.message ?? ''}`),
        );
    }
    const type = response.headers.get('content-type');
    if (type) output.append(el('p', { className: 'try-it-meta' }, `content-type: ${type}`));
    if (text !== '')
      output.append(el('pre', { className: 'code try-it-body' }, el('code', {}, pretty(text))));
  }

  function parseJson(text) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  /** Sends a request and shows what came back; a request that never gets an answer says why. */
  async function send(output, url, init) {
    const label = `${init.method} ${url.href}`;
    output.replaceChildren(el('p', { className: 'try-it-meta' }, `Sending ${label} …`));
    output.dataset.state = 'sending';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        ...init,
        signal: controller.signal,
        mode: 'cors',
        credentials: 'omit',
        cache: 'no-store',
      });
      show(output, { label, response, text: await response.text() });
    } catch (error) {
      const problem = controller.signal.aborted
        ? `No answer from ${url.origin} within ${TIMEOUT_MS / 1000} s.`
        : `No answer from ${url.origin}: nothing listens there, or the server does not allow requests ` +
          `from this page (CORS). Is the local stack running (npm start)? (${error.message})`;
      show(output, { problem });
    } finally {
      clearTimeout(timer);
    }
  }

  /** A panel: a collapsed section with the form's fields, a Send button and the answer. */
  function panel(id, fields, build) {
    const output = el('div', { className: 'try-it-output', 'aria-live': 'polite' });
    const form = el(
      'form',
      { className: 'try-it-form', noValidate: true },
      serverField(),
      ...fields,
      el('button', { type: 'submit', className: 'try-it-send' }, 'Send'),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      let request;
      try {
        request = build();
      } catch (error) {
        show(output, { problem: error.message });
        return;
      }
      send(output, request.url, request.init);
    });
    // Ctrl+Enter (or ⌘+Enter) sends from a text area, where Enter starts a new line.
    form.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && event.target.tagName === 'TEXTAREA') {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    return el(
      'details',
      { className: 'try-it', 'data-try-it-panel': id },
      el('summary', {}, 'Try it'),
      form,
      output,
    );
  }

  function textArea(name, value, rows) {
    return el('textarea', {
      name,
      value,
      rows: Math.min(Math.max(value.split('\n').length, rows), 16),
      spellcheck: false,
      autocomplete: 'off',
    });
  }

  /** A JSON-RPC method's panel: the params as JSON, sent in a JSON-RPC 2.0 POST. */
  function rpcPanel(method, request) {
    const params = textArea('params', request.params, 3);
    params.placeholder = 'No params: leave empty';
    return panel(method, [field('params', params, 'JSON')], () => {
      const url = server();
      const text = params.value.trim();
      const envelope = { jsonrpc: '2.0', id: nextId++, method };
      if (text !== '') {
        try {
          envelope.params = JSON.parse(text);
        } catch (error) {
          throw new Error(`params is not JSON: ${error.message}`);
        }
      }
      return {
        url,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(envelope),
        },
      };
    });
  }

  /** An OpenAPI operation's panel: its parameters, credentials and body. */
  function restPanel(operationId, request) {
    const inputs = request.params.map((param) => ({
      param,
      input: el('input', {
        type: 'text',
        name: `${param.in}.${param.name}`,
        value: param.value,
        placeholder: param.hint,
        autocomplete: 'off',
        spellcheck: false,
      }),
    }));
    const credentials = request.credentials.map((credential) => ({
      credential,
      input: el('input', {
        type: 'text',
        name: `credential.${credential.header}`,
        placeholder: credential.hint,
        autocomplete: 'off',
        spellcheck: false,
      }),
    }));
    const body = request.body ? textArea('body', request.body.text, 4) : undefined;
    const fields = [
      el(
        'p',
        { className: 'try-it-line' },
        el('span', { className: `verb verb-${request.method.toLowerCase()}` }, request.method),
        ' ',
        el('code', {}, request.path),
      ),
      ...inputs.map(({ param, input }) =>
        field(param.name, input, `${param.in}${param.required ? ', required' : ''}`),
      ),
      ...credentials.map(({ credential, input }) => field(credential.header, input, 'header, credential')),
      body ? field('Body', body, request.body.contentType) : undefined,
    ].filter(Boolean);
    return panel(operationId, fields, () => {
      const base = server();
      let path = request.path;
      const query = new URLSearchParams();
      const headers = {};
      for (const { param, input } of inputs) {
        const value = input.value;
        if (param.in === 'path') {
          if (value === '') throw new Error(`Fill in ${param.name}: it is part of the path.`);
          path = path.replaceAll(`{${param.name}}`, encodeURIComponent(value));
        } else if (value !== '') {
          if (param.in === 'query') query.append(param.name, value);
          else headers[param.name] = value;
        }
      }
      for (const { credential, input } of credentials)
        if (input.value.trim() !== '') headers[credential.header] = input.value.trim();
      const url = new URL(base.href);
      url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
      url.search = query.toString();
      url.hash = '';
      const init = { method: request.method, headers };
      if (body && body.value !== '') {
        headers['content-type'] = request.body.contentType;
        init.body = body.value;
      }
      return { url, init };
    });
  }

  /** Where a panel goes: the JSON-RPC page's slot, or the middle column of Redoc's operation. */
  function slotOf(id) {
    if (rpc) return document.querySelector(`[data-try-it="${CSS.escape(id)}"]`);
    return document.getElementById(`operation/${id}`)?.firstElementChild ?? null;
  }

  /** Adds every panel whose place exists and that is not there yet; returns how many are on the page. */
  function mount() {
    let mounted = 0;
    for (const [id, request] of Object.entries(config.requests)) {
      const slot = slotOf(id);
      if (!slot) continue;
      if (!slot.querySelector(`[data-try-it-panel="${CSS.escape(id)}"]`))
        slot.append(rpc ? rpcPanel(id, request) : restPanel(id, request));
      mounted++;
    }
    return mounted;
  }

  window.starspecTryIt = { mount };
  if (rpc) mount();
})();
