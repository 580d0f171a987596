// Run before the first paint of the app's page (a classic script in index.html's head; the CSP
// allows no inline script): a visit without a stored session that opens on the login screen sees
// the login form written in index.html at once, before the app's files arrive on a slow network;
// any other visit sees the loader until the app renders. Says so as <html data-boot="login">, which
// the stylesheet reads (web/src/styles.css). Kept tiny and dependency-free: it blocks the page.
(function () {
  var root = document.documentElement;
  function decide() {
    var token = null;
    try {
      token = window.localStorage.getItem('token');
    } catch (e) {
      // Storage refused: the app decides once it runs; the loader shows meanwhile.
      token = 'unknown';
    }
    // The login screen, and the paths a visitor without a session is sent to it from (the shell's
    // index). Sign-up and password recovery are React's own screens.
    var h = window.location.hash;
    var login = !token && (h === '' || h === '#' || h === '#/' || /^#\/login(\/|\?|$)/.test(h));
    if (login) root.setAttribute('data-boot', 'login');
    else root.removeAttribute('data-boot');
  }
  decide();
  // A link of the static form followed before the app has run: the loader, until React shows it.
  window.addEventListener('hashchange', decide);
})();
