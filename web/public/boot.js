// Picks, before the first paint, which screen index.html shows: the painted login form for a visit
// without a session on the login screen, else the loader (html[data-boot], read by styles.css).
// Unbundled and blocking (the CSP forbids inline scripts): kept tiny.
(function () {
  var root = document.documentElement;
  function decide() {
    var token;
    try {
      token = localStorage.getItem('token');
    } catch {
      token = '?'; // storage refused: the app decides once it runs
    }
    var h = location.hash;
    // The login, and the shell's index a visitor without a session is sent to it from.
    if (!token && /^(#(\/(login([/?].*)?)?)?)?$/.test(h)) root.setAttribute('data-boot', 'login');
    else root.removeAttribute('data-boot');
  }
  decide();
  // A link of the painted form followed before the app runs: the loader until React shows the screen.
  addEventListener('hashchange', decide);
})();
