"""Chinese documentation built by a Sphinx-like generator with the Read the Docs theme:
side navigation with the toctree, breadcrumbs with "view source", headerlink pilcrows,
Pygments-coloured code, admonitions titled in Chinese, previous/next buttons, the
version flyout, and the "built with" footer."""
import re
from gen import Renderer, esc, highlight, label as blocks_label

NAME = "sphinx-zh"
TEMPLATE = "docs-sphinx"
LANG = "zh"

PYG = {"keyword": "k", "string": "s2", "comment": "c1", "number": "mi", "punct": "o"}

TOC = [
    ("用户指南", [("overview", "简介"), ("install", "安装"), ("quickstart", "快速上手"), ("config", "配置文件"), ("resample", "重采样与对齐")]),
    ("进阶", [("plugins", "编写插件"), ("performance", "性能调优"), ("faq", "常见问题")]),
    ("API 参考", [("api-table", "shixu.Table"), ("api-io", "shixu.io"), ("api-cli", "命令行工具")]),
    ("项目信息", [("changelog", "更新日志"), ("contributing", "参与贡献"), ("license", "许可协议")]),
]


class R(Renderer):
    def __init__(self):
        self.n = 1

    def h(self, level, text):
        return '<h%d>%s<a class="headerlink" href="#id%d" title="Link to this heading">¶</a></h%d>' % (level, self.il(text), self.n, level)

    def inline_code(self, code):
        return '<code class="docutils literal notranslate"><span class="pre">%s</span></code>' % esc(code)

    def link(self, href, inner):
        return '<a class="reference external" href="%s">%s</a>' % (esc(href), inner)

    def code(self, lang, lines):
        out = []
        for line in lines:
            toks = highlight(lang, line)
            out.append("".join(('<span class="%s">%s</span>' % (PYG[k], esc(t))) if k else
                               ('<span class="w">%s</span>' % esc(t) if t.isspace() else '<span class="n">%s</span>' % esc(t)) for k, t in toks))
        return '<div class="highlight-%s notranslate"><div class="highlight"><pre><span></span>%s\n</pre></div>\n</div>' % (lang or "default", "\n".join(out))

    def d_note(self, kind, title, text):
        return '<div class="admonition %s">\n<p class="admonition-title">%s</p>\n<p>%s</p>\n</div>' % (kind, self.il(title), self.il(text))

    def list(self, node, depth=0):
        tag = "ol" if node["ordered"] else "ul"
        cls = ' class="arabic simple"' if node["ordered"] else ' class="simple"'
        items = []
        for it in node["children"]:
            sub = self.list(it, depth + 1) if it["children"] else ""
            items.append("<li><p>%s</p>%s</li>" % (self.il(it["text"]), sub))
        return "<%s%s>\n%s\n</%s>" % (tag, cls, "\n".join(items), tag)

    def table(self, rows):
        head = "".join('<th class="head"><p>%s</p></th>' % self.il(c) for c in rows[0])
        body = "".join('<tr class="row-%s">%s</tr>' % ("odd" if i % 2 else "even", "".join("<td><p>%s</p></td>" % self.il(c) for c in r)) for i, r in enumerate(rows[1:]))
        return ('<table class="docutils align-default">\n<thead>\n<tr class="row-odd">%s</tr>\n</thead>\n<tbody>\n%s\n</tbody>\n</table>' % (head, body))


def render(page):
    r = R()
    # sections: Sphinx nests every heading's content in a <section>
    parts, depth = [], 1
    for b in page["blocks"]:
        if b[0] == "h":
            while depth >= b[1]:
                parts.append("</section>")
                depth -= 1
            r.n += 1
            parts.append('<section id="id%d">' % r.n)
            depth = b[1]
        parts.append(r.block(b))
    while depth > 1:
        parts.append("</section>")
        depth -= 1
    body = "\n".join(parts)
    cur = page["sid"]
    flat = [x for _, items in TOC for x in items]
    ids = [s for s, _ in flat]
    i = ids.index(cur)
    nav = []
    for cap, items in TOC:
        lis = []
        for sid, t in items:
            if sid == cur:
                heads = [b for b in page["blocks"] if b[0] == "h"]
                subs = "".join('<li class="toctree-l2"><a class="reference internal" href="#id%d">%s</a></li>' % (k + 2, esc(re.sub(r"`", "", b[2])))
                               for k, b in enumerate(heads) if b[1] == 2)
                lis.append('<li class="toctree-l1 current"><a class="current reference internal" href="#">%s</a>%s</li>' % (t, ("<ul>%s</ul>" % subs) if subs else ""))
            else:
                lis.append('<li class="toctree-l1"><a class="reference internal" href="%s.html">%s</a></li>' % (sid, t))
        nav.append('<p class="caption" role="heading"><span class="caption-text">%s</span></p>\n<ul%s>\n%s\n</ul>' % (cap, ' class="current"' if any(s == cur for s, _ in items) else "", "\n".join(lis)))
    prev = ('<a href="%s.html" class="btn btn-neutral float-left" title="%s" accesskey="p" rel="prev"><span class="fa fa-arrow-circle-left" aria-hidden="true"></span> 上一页</a>' % flat[i - 1]) if i > 0 else ""
    nxt = ('<a href="%s.html" class="btn btn-neutral float-right" title="%s" accesskey="n" rel="next">下一页 <span class="fa fa-arrow-circle-right" aria-hidden="true"></span></a>' % flat[i + 1]) if i + 1 < len(flat) else ""
    return f"""<!DOCTYPE html>
<html class="writer-html5" lang="zh-CN" data-content_root="./">
<head>
  <meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />

  <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  <title>{esc(page['title'])} &mdash; shixu 0.9.2 文档</title>
      <link rel="stylesheet" type="text/css" href="_static/pygments.css?v=80d5e7a1" />
      <link rel="stylesheet" type="text/css" href="_static/css/theme.css?v=19f00094" />
  <!--[if lt IE 9]>
    <script src="_static/js/html5shiv.min.js"></script>
  <![endif]-->
        <script src="_static/jquery.js?v=5d32c60e"></script>
        <script src="_static/_sphinx_javascript_frameworks_compat.js?v=2cd50e6c"></script>
        <script src="_static/documentation_options.js?v=7d86a446"></script>
        <script src="_static/doctools.js?v=888ff710"></script>
        <script src="_static/sphinx_highlight.js?v=dc90522c"></script>
        <script src="_static/translations.js?v=beaddf03"></script>
    <script src="_static/js/theme.js"></script>
    <link rel="index" title="索引" href="genindex.html" />
    <link rel="search" title="搜索" href="search.html" />
</head>

<body class="wy-body-for-nav">
  <div class="wy-grid-for-nav">
    <nav data-toggle="wy-nav-shift" class="wy-nav-side">
      <div class="wy-side-scroll">
        <div class="wy-side-nav-search" >
            <a href="index.html" class="icon icon-home">
            shixu
          </a>
              <div class="version">
                0.9.2
              </div>
<div role="search">
  <form id="rtd-search-form" class="wy-form" action="search.html" method="get">
    <input type="text" name="q" placeholder="搜索文档" aria-label="搜索文档" />
    <input type="hidden" name="check_keywords" value="yes" />
    <input type="hidden" name="area" value="default" />
  </form>
</div>
        </div><div class="wy-menu wy-menu-vertical" data-spy="affix" role="navigation" aria-label="导航菜单">
              {chr(10).join(nav)}
        </div>
      </div>
    </nav>

    <section data-toggle="wy-nav-shift" class="wy-nav-content-wrap"><nav class="wy-nav-top" aria-label="移动版导航菜单" >
          <i data-toggle="wy-nav-top" class="fa fa-bars"></i>
          <a href="index.html">shixu</a>
      </nav>

      <div class="wy-nav-content">
        <div class="rst-content">
          <div role="navigation" aria-label="页面导航">
  <ul class="wy-breadcrumbs">
      <li><a href="index.html" class="icon icon-home" aria-label="Home"></a></li>
      <li class="breadcrumb-item active">{esc(page['title'])}</li>
      <li class="wy-breadcrumbs-aside">
            <a href="_sources/{cur}.rst.txt" rel="nofollow"> 查看页面源码</a>
      </li>
  </ul>
  <hr/>
</div>
          <div role="main" class="document" itemscope="itemscope" itemtype="http://schema.org/Article">
           <div itemprop="articleBody">

  <section id="id1">
<h1>{esc(page['title'])}<a class="headerlink" href="#id1" title="Link to this heading">¶</a></h1>
{body}
</section>


           </div>
          </div>
          <footer><div class="rst-footer-buttons" role="navigation" aria-label="页脚">
        {prev}
        {nxt}
    </div>

  <hr/>

  <div role="contentinfo">
    <p>&#169; 版权所有 2021-2024，shixu 开发者。最后更新于 {page['updated']}。</p>
  </div>

  利用 <a href="https://www.sphinx-doc.org/">Sphinx</a> 构建，使用的
    <a href="https://github.com/readthedocs/sphinx_rtd_theme">主题</a>
    由 <a href="https://readthedocs.org">Read the Docs</a> 开发.


</footer>
        </div>
      </div>
    </section>
  </div>
  <div class="rst-versions" data-toggle="rst-versions" role="note" aria-label="版本">
    <span class="rst-current-version" data-toggle="rst-current-version">
      <span class="fa fa-book"> Read the Docs</span>
      v: latest
      <span class="fa fa-caret-down"></span>
    </span>
    <div class="rst-other-versions">
      <dl><dt>版本</dt><dd><a href="/zh_CN/latest/">latest</a></dd><dd><a href="/zh_CN/stable/">stable</a></dd><dd><a href="/zh_CN/0.9/">0.9</a></dd><dd><a href="/zh_CN/0.8/">0.8</a></dd></dl>
      <dl><dt>语言</dt><dd><a href="/en/latest/">English</a></dd><dd><a href="/zh_CN/latest/">简体中文</a></dd></dl>
      <dl><dt>下载</dt><dd><a href="/_/downloads/zh_CN/latest/pdf/">PDF</a></dd><dd><a href="/_/downloads/zh_CN/latest/epub/">Epub</a></dd></dl>
      <dl><dt>托管于 Read the Docs</dt><dd><a href="//readthedocs.org/projects/shixu/?fromdocs=shixu">项目主页</a></dd><dd><a href="//readthedocs.org/builds/shixu/?fromdocs=shixu">构建</a></dd></dl>
    </div>
  </div>
<script>
  jQuery(function () {{
      SphinxRtdTheme.Navigation.enable(true);
  }});
</script>

</body>
</html>
"""


def label(page):
    return [page["title"]] + blocks_label(page["blocks"])


P = "http://site.test/shixu/zh_CN/latest/"
PAGES = []

PAGES.append(dict(
    file="overview.html", url=P + "overview.html", sid="overview", title="简介", updated="2024年3月2日",
    body="""
shixu 是一个用于处理时间序列表格数据的 Python 库。它读取传感器、日志或导出文件中的 CSV 与 Parquet 数据，把不规则的时间戳整理成等间隔的序列，并提供重采样、缺失值填补和多表对齐等常用操作。

这个项目最初诞生于一个气象站数据整理的小脚本。后来我们发现，许多团队都在反复编写相似的代码：解析各种格式的时间、处理时区、合并采样频率不同的设备数据。shixu 希望把这些重复劳动变成几行清晰的调用。

## 主要特性

- 读取与写入
  - 支持 CSV、Parquet 和 JSON Lines 格式
  - 自动识别常见的时间戳格式，也可以手动指定
  - 按块读取大文件，内存占用与文件大小无关
- 时间处理
  - 统一转换为 UTC 存储，显示时再转换为本地时区
  - 正确处理夏令时切换造成的重复或缺失时刻
- 数据整理
  - 按固定频率重采样，支持平均、求和、最大值、最后一个值等聚合方式
  - 多种缺失值填补策略：前向填充、线性插值、按季节均值填充
  - 按时间对齐多张表，自动处理采样频率不同的情况

## 设计原则

shixu 只做一件事：把时间序列表格整理干净。它不提供绘图，也不包含统计模型；整理好的数据可以直接交给你熟悉的绘图库或建模工具。我们相信一个小而专注的库更容易理解，也更容易长期维护。

!note note | 备注 | shixu 仍处于 1.0 之前的阶段。我们会尽量保持接口稳定，但在次版本号变化时可能有不兼容的修改，详见更新日志。

如果你是第一次使用，建议先阅读安装和快速上手两节。
""",
))

PAGES.append(dict(
    file="install.html", url=P + "install.html", sid="install", title="安装", updated="2024年2月18日",
    body="""
shixu 支持 Python 3.9 及以上版本，可以在 Linux、macOS 和 Windows 上运行。

## 使用 pip 安装

大多数情况下，使用 pip 安装即可：

```bash
pip install shixu
```

如果需要读写 Parquet 文件，请同时安装可选依赖：

```bash
pip install "shixu[parquet]"
```

## 使用 conda 安装

shixu 也发布在 conda-forge 频道上：

```bash
conda install -c conda-forge shixu
```

## 可选依赖

shixu 的核心功能只依赖标准库和 NumPy。以下功能需要额外的包：

1. Parquet 读写
   - 需要 pyarrow 12 或更高版本
   - 安装时使用 parquet 选项即可自动安装
2. 时区数据库
   - Python 3.9 及以上版本自带 zoneinfo 模块
   - 在 Windows 上还需要安装 tzdata 包
3. 进度条
   - 处理大文件时显示进度，需要安装 tqdm

!note warning | 警告 | 不要在同一个环境中混用 pip 和 conda 安装 shixu 的不同版本，否则可能导入到旧版本的模块，出现难以排查的错误。

## 从源码安装

如果想试用尚未发布的功能，可以从代码仓库安装开发版本：

```bash
git clone https://git.example.org/shixu/shixu.git
cd shixu
pip install -e ".[dev]"
```

安装完成后，运行以下命令检查版本号：

```python
import shixu
print(shixu.__version__)
```
""",
))

PAGES.append(dict(
    file="quickstart.html", url=P + "quickstart.html", sid="quickstart", title="快速上手", updated="2024年3月2日",
    body="""
本节通过一个小例子介绍 shixu 的基本用法。假设你有一个温度传感器导出的 CSV 文件，每隔大约一分钟记录一次，但时间并不整齐，中间还有几段缺失。

## 读取数据

使用 `read_csv` 读取文件，并告诉 shixu 哪一列是时间：

```python
import shixu as sx

table = sx.read_csv("sensor.csv", time="recorded_at", tz="Asia/Shanghai")
print(table.head())
```

shixu 会自动识别时间格式，并把所有时间转换为 UTC 保存。原始时区记录在表的属性中，输出时会自动换算回来。

## 重采样

把不整齐的记录整理为每五分钟一个值，取平均：

```python
five = table.resample("5min", how="mean")
```

重采样后的表有规则的时间索引。如果某个五分钟区间内没有任何记录，对应的值为空。

## 填补缺失值

对于短暂的缺失，线性插值通常是合理的选择。`limit` 参数限制最多连续填补几个值，避免把长时间的设备故障也“填平”：

```python
filled = five.fill(method="linear", limit=3)
```

## 保存结果

最后把整理好的数据写回文件：

```python
filled.to_csv("sensor_5min.csv")
```

!note tip | 小技巧 | 上面的几个步骤可以链式调用，写成一行：sx.read_csv(...).resample(...).fill(...).to_csv(...)。

接下来可以阅读配置文件一节，了解如何把这些参数写进配置文件，以便在命令行中批量处理。
""",
))

PAGES.append(dict(
    file="config.html", url=P + "config.html", sid="config", title="配置文件", updated="2024年1月27日",
    body="""
除了在 Python 代码中调用，shixu 还提供命令行工具，可以根据配置文件批量处理一个目录中的所有文件。配置文件使用 TOML 格式。

## 一个完整的例子

```toml
[input]
path = "raw/*.csv"
time_column = "recorded_at"
timezone = "Asia/Shanghai"

[resample]
frequency = "5min"
how = "mean"

[fill]
method = "linear"
limit = 3

[output]
path = "clean/"
format = "parquet"
```

## 配置项说明

| 配置项 | 类型 | 默认值 | 说明 |
|---|---|---|---|
| input.path | 字符串 | 无 | 输入文件路径，可以使用通配符 |
| input.time_column | 字符串 | time | 时间戳所在的列名 |
| input.timezone | 字符串 | UTC | 原始数据的时区 |
| resample.frequency | 字符串 | 无 | 重采样频率，例如 1min、1h、1d |
| resample.how | 字符串 | mean | 聚合方式：mean、sum、max、min、last |
| fill.method | 字符串 | none | 填补方式：none、ffill、linear、seasonal |
| fill.limit | 整数 | 0 | 最多连续填补的个数，0 表示不限制 |
| output.format | 字符串 | csv | 输出格式：csv 或 parquet |

!note note | 备注 | 未出现在配置文件中的部分会被跳过。例如省略 resample 部分时，数据将保持原始的时间间隔。

## 运行

使用以下命令按配置文件处理数据：

```bash
shixu run --config shixu.toml
```

加上 --dry-run 参数时，shixu 只列出将要处理的文件和输出位置，不会真正写入任何文件。
""",
))

PAGES.append(dict(
    file="faq.html", url=P + "faq.html", sid="faq", title="常见问题", updated="2024年3月5日",
    body="""
这里整理了用户在问题追踪和邮件列表中最常提出的问题。

## 为什么读取后的时间和文件里的不一样？

shixu 在内部统一使用 UTC 存储时间。如果读取时没有指定 tz 参数，shixu 会把没有时区信息的时间当作 UTC 处理。请在读取时指定数据实际所在的时区，输出时时间就会与文件一致。

## 重采样后为什么多出了很多空值？

重采样会为每个区间生成一行，即使该区间内没有原始记录。这是有意的设计：空值明确地告诉你哪里缺少数据。如果希望去掉这些行，可以在重采样后调用 `dropna`。

## 夏令时切换时会发生什么？

在时钟拨回的那一天，本地时间会有一个小时重复出现。shixu 读取时会根据记录的先后顺序判断属于哪一次，无法判断时会给出警告，而不是悄悄猜测。

!note warning | 警告 | 如果原始数据既没有时区信息，也没有按时间排序，夏令时附近的时间可能无法正确还原。建议在采集端直接记录 UTC 时间。

## 能处理多大的文件？

按块读取时，内存占用只取决于块的大小，与文件总大小无关。我们在测试中处理过超过五十 GB 的 CSV 文件。

## 如何报告问题？

请在代码仓库中新建议题，并附上能复现问题的最小数据样例和 shixu 的版本号。
""",
))
