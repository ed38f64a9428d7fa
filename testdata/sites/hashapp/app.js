// The app's router: the fragment names a route ("#/lamps", "#!/about"),
// whose page is fetched from routes/ and written into <main>. An unknown
// route shows a "404 - Not found" page, with the HTTP status 200 of the
// document, as docsify does.
(function () {
  var main = document.getElementById("main");
  var known = { "": "home", "lamps": "lamps", "weather": "weather", "about": "about" };

  function route() {
    var h = location.hash.replace(/^#!?\/?/, "");
    return decodeURIComponent(h.split("?")[0]);
  }

  function show() {
    var r = route();
    var name = known[r];
    if (!name) {
      document.title = "404 - Not found";
      main.innerHTML = "<h1>404 - Not found</h1><p>Nothing is written here.</p>";
      return;
    }
    fetch("routes/" + name + ".html")
      .then(function (res) { return res.text(); })
      .then(function (html) {
        main.innerHTML = html;
        var h1 = main.querySelector("h1");
        document.title = (h1 ? h1.textContent + " - " : "") + "Lamp Workshop";
      });
  }

  window.addEventListener("hashchange", show);
  show();
})();
