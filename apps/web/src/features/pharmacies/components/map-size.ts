/** Spec 001 §2: the map is 530 px high (kept apart from the map so the page can size its placeholder without Leaflet). */
export const mapHeight = 530;
