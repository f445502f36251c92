// Shown when an image is missing or cannot be loaded (spec §2: such an image cannot be previewed).
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="85" viewBox="0 0 120 85">' +
  '<rect width="120" height="85" fill="#f5f5f5"/>' +
  '<path d="M42 58l12-15 9 11 6-7 9 11z" fill="#d9d9d9"/><circle cx="72" cy="33" r="5" fill="#d9d9d9"/></svg>';

export const IMAGE_PLACEHOLDER = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
