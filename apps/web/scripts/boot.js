/* global document, requestAnimationFrame, Element */
// Starts the page's code just after its first paint, so the prerendered content is on screen without waiting for the
// JavaScript to download; the scripts then hydrate it. data-modules lists the entry first, then modules to preload.
(function () {
  // zod (under the contracts' schemas, in the booking and payment forms) probes whether it may compile parsers with
  // `new Function`; the gateway's CSP forbids eval, and Chrome reports the blocked probe as a CSP issue. zod reads this
  // global when its schemas are made, so it is set before any module runs (the portal's boot does the same).
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

  // The phone menu is a native <details>, so it opens before hydration; a link chosen in it closes it at once (as the
  // hydrated header does), so a section on this page is not left under the open menu.
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('header details a[href]') : null;
    if (link) link.closest('details').removeAttribute('open');
  });

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
