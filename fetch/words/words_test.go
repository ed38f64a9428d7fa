package words

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCount(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, text string
		want       int
	}{
		{"empty", "", 0},
		{"white space", " \t\n\u00a0\u3000 ", 0},
		{"english", "The quick brown fox jumps over the lazy dog.", 9},
		{"contraction and hyphen", "Don't use e-mail", 4},
		{"punctuation alone", "— … « » | · • ¶ !?", 0},
		{"numbers", "In 2024, 1,234,567 visitors paid $12.50; 3.5% came back.", 9},
		{"emoji alone", "👍🏽 🚀🚀 👨‍👩‍👧‍👦 ❤️ 🇯🇵", 0},
		{"a full stop between letters", "U.S. readers of example.com", 6},
		{"a full stop between digits", "v2.1 and 3.14", 3},
		{"one per ideograph", "河边小镇的旧地图", 8},
		{"ideographs among latin", "我们发布了WebGraph 2版本", 9},
		{"hiragana one per letter", "ありがとう", 5},
		{"a katakana run is one word", "コンピューター", 1},
		{"korean by spaces", "매일 아침 어머니는 시장에 가서", 5},
		{"arabic", "كل صباح تذهب أمي إلى السوق", 6},
		{"hebrew", "בכל בוקר אמא שלי הולכת לשוק", 6},
		// 24 clusters (ตลาด: ต ล า ด, …) at 2.8 a word: 8.6.
		{"thai run estimated", "ตลาดน้ำยามเช้าชาวบ้านริมคลอง", 9},
		{"a short thai run is one word", "น้ำ", 1},
		{"thai digits are a number", "๒๕๖๗", 1},
		{"thai runs apart", "ตลาด ตลาด", 2},
		{"invalid utf-8", "\xff\xfe abc \xc3", 1},
	} {
		if got := Count(tt.text); got != tt.want {
			t.Errorf("%s: Count(%q) = %d; want %d", tt.name, tt.text, got, tt.want)
		}
	}
}

// TestNoticeStaysThin: an 8-character Chinese notice is 8 words, under the
// 20 a readable page needs (fetch.MinWords), so it is still refused as thin.
func TestNoticeStaysThin(t *testing.T) {
	t.Parallel()
	if got := Count("本站正在维护升级"); got != 8 {
		t.Errorf("Count(8-character notice) = %d; want 8", got)
	}
}

// FuzzCount: Count never panics, finds no more words than the text has
// runes, and counts a concatenation as the sum of its parts but for what the
// join itself changes (two words run together, a number joined, a Thai run
// estimated once instead of twice).
func FuzzCount(f *testing.F) {
	for _, s := range []string{
		"",                      // nothing
		"word",                  // one ASCII word
		"U.S. example.com 3.14", // full stops between letters and between digits
		"河边小镇的旧地图",              // ideographs
		"ตลาดน้ำยามเช้า",                 // a Thai run
		"ທຸກໆເຊົ້າ ແມ່ຂອງຂ້ອຍ",           // Lao
		"ရုံးပိတ်ရက်တွင်",                // Myanmar
		"👨‍👩‍👧‍👦🇯🇵",                      // emoji sequences
		"\u0301a\u200d\u00ad",            // marks and format characters alone
		"\xff\xfe\xc3",                   // invalid UTF-8
		"a.b.c.d.e.f.g.h",                // many full stops
		"\U0001F1EF\U0001F1F5\U0001F1EF", // regional indicators, odd count
	} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		na, nb, nab := Count(a), Count(b), Count(a+b)
		if na < 0 || na > utf8.RuneCountInString(a) {
			t.Fatalf("Count(%q) = %d; want between 0 and its %d runes", a, na, utf8.RuneCountInString(a))
		}
		if d := nab - (na + nb); d < -2 || d > 2 {
			t.Errorf("Count(%q + %q) = %d; want %d ± 2, the parts' %d + %d", a, b, nab, na+nb, na, nb)
		}
		// Counted apart by white space, nothing runs together.
		if got := Count(a + " " + b); got < na+nb-1 || got > na+nb+1 {
			t.Errorf("Count(%q + \" \" + %q) = %d; want %d ± 1", a, b, got, na+nb)
		}
	})
}

var benchText = map[string]string{
	// An English article of about 1,900 words.
	"english": strings.Repeat("The river town keeps a drawer of hand-drawn maps in its library. Last autumn, a few retired teachers photographed every sheet and wrote down the names of streets, bridges and shops; many are still in use today, see example.com for 3.5% of them. ", 50),
	// A Chinese article of about 3,800 characters.
	"chinese": strings.Repeat("这座小镇位于两条河流的交汇处，几百年来一直靠渡船和集市维持生计。镇上的图书馆保存着一批手绘的旧地图，最早的一张画于清朝末年，纸张已经发黄，边角也有些破损。", 50),
	// A Thai article of about 4,000 letters.
	"thai": strings.Repeat("ทุกเช้าก่อนพระอาทิตย์ขึ้นชาวบ้านริมคลองจะพายเรือลำเล็กออกมาขายผักผลไม้และอาหารที่เพิ่งทำเสร็จใหม่ๆ ", 40),
}

// BenchmarkCountWords measures the counter every page's text goes through,
// on a page of each kind (figures in docs/performance.md).
func BenchmarkCountWords(b *testing.B) {
	for _, name := range []string{"english", "chinese", "thai"} {
		text := benchText[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				Count(text)
			}
		})
		// The whitespace count this counter replaced, for scale.
		b.Run(name+"/fields", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				_ = len(strings.Fields(text))
			}
		})
	}
}
