// The docs app of the habits fixture, shaped like Docusaurus: every path is
// served the same shell (a host's fallback answers 200), and this script
// renders the route. A route it does not know shows the one "Page Not Found"
// page, titled with the site's bare name under /docs/ (the docs plugin's
// layout) and "Page Not Found | Habits Docs" elsewhere.
(function () {
  var site = "Habits Docs";
  var routes = {
    "/": {title: site, h1: "Habits Docs", body: ["Habits Docs explains how a crawler should read the sites people actually build, one habit at a time.", "Start with the introduction, or read the blog for the stories behind each habit and the bugs that taught it."]},
    "/docs/intro": {title: "Introduction | " + site, h1: "Introduction", body: ["This introduction walks through the first habit: a missing page is missing however the site titles it.", "Read on for redirects, refreshes and canonical links, each with a fixture that reproduces it on loopback."], links: [["/docs/missing-chapter", "A chapter that was never written"]]},
    "/blog": {title: "Blog | " + site, h1: "Blog", body: ["The blog tells the story of each habit: which site taught it, what broke, and what a careful crawler does instead."], links: [["/blog/lost-post", "A post that was taken down"]]}
  };
  var path = location.pathname;
  var r = routes[path];
  var main = document.getElementById("app");
  var html = "";
  if (r) {
    document.title = r.title;
    html = "<h1>" + r.h1 + "</h1>";
    r.body.forEach(function (p) { html += "<p>" + p + "</p>"; });
    (r.links || []).forEach(function (l) { html += '<p><a href="' + l[0] + '">' + l[1] + "</a></p>"; });
  } else {
    document.title = path.indexOf("/docs/") === 0 ? site : "Page Not Found | " + site;
    html = "<h1>Page Not Found</h1><p>We could not find what you were looking for.</p>" +
      "<p>Please contact the owner of the site that linked you to the original URL and let them know their link is broken.</p>";
  }
  main.innerHTML = html;
})();
