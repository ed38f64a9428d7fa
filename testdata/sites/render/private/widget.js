document.body.append("Written by a widget the page needs.");
