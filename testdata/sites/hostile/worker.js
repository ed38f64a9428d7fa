fetch("HOST_B/from-worker").catch(() => {});
