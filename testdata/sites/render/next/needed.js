export const text = "Written by a module the page needs.";
