import{a as t,f as r}from"../chunks/5nvn3Hdv.js";import{h as s}from"../chunks/CUArxMQt.js";import{l as o,aP as n,aw as i}from"../chunks/CobrSUGo.js";var h=r(`<h1>Crossings</h1> <p>The crossing takes forty minutes in fair weather. The skipper decides each
  morning whether the sea is fit to sail, and a flag on the harbour office
  shows the answer: green for sailing, red for not. When the flag is red the
  island's post waits on the quay in a locked box until the next crossing.</p> <p>Times are on <a href="/timetable">the timetable</a>.</p>`,1);function d(e){var a=h();s("1v4dzay",f=>{o(()=>{n.title="Crossings · Island Ferry"})}),i(4),t(e,a)}export{d as component};
