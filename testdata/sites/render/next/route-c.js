window.routeC = true;
