import{a as n,f as r}from"../chunks/5nvn3Hdv.js";import{h as o}from"../chunks/CUArxMQt.js";import{l as t,aP as s,aw as l}from"../chunks/CobrSUGo.js";var h=r(`<h1>Timetable</h1> <p>In summer the ferry leaves the harbour at nine, eleven, two and five, and
  leaves the island half an hour after each arrival. In winter only the
  eleven o'clock and two o'clock sailings run, and only on weekdays. Tickets
  are sold on board; the skipper takes cash and cards.</p> <p>Back to <a href="/">the front page</a>.</p>`,1);function c(a){var e=h();o("1gnqfjg",f=>{t(()=>{s.title="Timetable · Island Ferry"})}),l(4),n(a,e)}export{c as component};
