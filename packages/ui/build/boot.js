/* global document, requestAnimationFrame */
// Starts the page's code just after its first paint, so the prerendered content is on screen without waiting for the
// JavaScript to download; the scripts then hydrate it. data-modules lists the entry first, then modules to preload.
(function () {
  // zod (under the contracts' schemas) probes whether it may compile parsers with `new Function`; the gateway's CSP
  // forbids eval, and Chrome reports the blocked probe as a CSP issue even though zod catches it. zod reads its
  // configuration from this global when it loads, so it has to be set before any module runs; jitless parsing is what
  // zod falls back to under this CSP anyway.
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

  var modules = document.currentScript.getAttribute('data-modules').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    modules.slice(1).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = modules[0];
    document.head.appendChild(entry);
  }
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
