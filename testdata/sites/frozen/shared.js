// A shared worker: it asks the server for something as it starts and each
// time a document connects, and tells the document how many have.
let connected = 0;
fetch("/from-shared?start").catch(() => {});
onconnect = (e) => {
  connected++;
  fetch("/from-shared?connect=" + connected).catch(() => {});
  e.ports[0].postMessage(connected);
};
