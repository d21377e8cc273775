/* global document, Element */
// Appended to the shared boot script (@repo/ui/build/boot.js) at build time, so it runs before the page's code.
// The phone menu is a native <details>, so it opens before hydration; a link chosen in it closes it at once (as the
// hydrated header does), so a section on this page is not left under the open menu.
(function () {
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('header details a[href]') : null;
    if (link) link.closest('details').removeAttribute('open');
  });
})();
