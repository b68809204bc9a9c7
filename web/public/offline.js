// The offline page's one action; a file of its own because the Content-Security-Policy allows no inline script.
document.getElementById('retry').addEventListener('click', () => window.location.reload());
