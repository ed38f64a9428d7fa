package fetch

import "time"

// Picture is one screenshot of a page: an encoded image and what it shows.
// The zero value is no picture.
type Picture struct {
	// Data is the encoded image; Type its media type ("image/jpeg").
	Data []byte
	Type string
	// Width and Height are the image's size in pixels.
	Width, Height int
	// Cut is set when the page was taller than the height cap: the
	// picture shows its top only.
	Cut bool
	// Elapsed is what taking the picture cost: sizing, capture, encoding.
	Elapsed time.Duration
}
