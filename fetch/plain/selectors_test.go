package plain

import "github.com/andybalholm/cascadia"

// The selectors extraction runs on every page, compiled once.
var (
	selTitle     = cascadia.MustCompile("title")
	selScript    = cascadia.MustCompile("script")
	selCanonical = cascadia.MustCompile(`link[rel~="canonical" i][href]`)
	selLinks     = cascadia.MustCompile("a[href], area[href]")
	selAnchors   = cascadia.MustCompile("[id], a[name]")
	selImgAlt    = cascadia.MustCompile("img[alt]")
	selBase      = cascadia.MustCompile("base[href]")
	selH1        = cascadia.MustCompile("h1")
	selMeta      = cascadia.MustCompile("meta[name][content]")
	selHreflang  = cascadia.MustCompile(`link[rel~="alternate" i][hreflang][href]`)
)
