window.routeB = true;
