import{a as t,f as s}from"../chunks/5nvn3Hdv.js";import{h as r}from"../chunks/CUArxMQt.js";import{l as n,aP as o,aw as h}from"../chunks/CobrSUGo.js";var i=s(`<h1>The island ferry</h1> <p>A small ferry runs between the harbour and the island four times a day in
  summer and twice a day in winter. It carries foot passengers, bicycles and
  the island's post, and on calm days it stops at the seal rocks on the way
  back so that passengers can watch the colony hauled out in the sun.</p> <p>Read about <a href="/crossings">the crossings</a> or check <a href="/timetable">the timetable</a>.</p>`,1);function p(a){var e=i();r("1uha8ag",c=>{n(()=>{o.title="Island Ferry"})}),h(4),t(a,e)}export{p as component};
