// Renders the OpenAPI contract embedded in the page with Redoc, adds the try-it panels, then marks
// the page as rendered.
(() => {
  const spec = JSON.parse(document.getElementById('contract').textContent);
  const page = JSON.parse(document.getElementById('page-options').textContent);
  const font =
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
  const mono = 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace';
  const options = {
    scrollYOffset: 'header.site',
    nativeScrollbars: true,
    pathInMiddlePanel: true,
    expandResponses: '200,201,202',
    jsonSampleExpandLevel: 3,
    sortRequiredPropsFirst: true,
    showObjectSchemaExamples: true,
    hideLoading: true,
    downloadUrls: page.downloads,
    theme: {
      colors: { primary: { main: '#0f766e' }, text: { primary: '#1f2937' } },
      typography: {
        fontFamily: font,
        fontSize: '15px',
        lineHeight: '1.55',
        headings: { fontFamily: font, fontWeight: '600' },
        code: { fontFamily: mono, fontSize: '13px', color: '#9f1239', backgroundColor: '#f1f5f9' },
        links: { color: '#0f766e' },
      },
      sidebar: { width: '290px', backgroundColor: '#f8fafc', textColor: '#1f2937' },
      rightPanel: { backgroundColor: '#1e293b', width: '40%' },
    },
  };
  window.Redoc.init(spec, options, document.getElementById('redoc'), (error) => {
    if (error) console.error(error);
    // A try-it panel under each operation (assets/try-it.js), once Redoc has drawn them.
    window.starspecTryIt?.mount();
    document.body.dataset.rendered = 'true';
  });
})();
