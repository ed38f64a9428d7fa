export function render(page) {
  const sections = page.sections.map((s) => `<h2>${s.heading}</h2><p>${s.text}</p>`);
  return `<h1>${page.title}</h1>${sections.join("")}`;
}
