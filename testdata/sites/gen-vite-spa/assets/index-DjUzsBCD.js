(function(){const o=document.createElement("link").relList;if(o&&o.supports&&o.supports("modulepreload"))return;for(const e of document.querySelectorAll('link[rel="modulepreload"]'))s(e);new MutationObserver(e=>{for(const a of e)if(a.type==="childList")for(const n of a.addedNodes)n.tagName==="LINK"&&n.rel==="modulepreload"&&s(n)}).observe(document,{childList:!0,subtree:!0});function i(e){const a={};return e.integrity&&(a.integrity=e.integrity),e.referrerPolicy&&(a.referrerPolicy=e.referrerPolicy),e.crossOrigin==="use-credentials"?a.credentials="include":e.crossOrigin==="anonymous"?a.credentials="omit":a.credentials="same-origin",a}function s(e){if(e.ep)return;e.ep=!0;const a=i(e);fetch(e.href,a)}})();const l={"/":()=>({title:"Lantern Walks",html:`<h1>Lantern walks by the harbour</h1>
      <p>On winter evenings a small group walks the old harbour with paper
      lanterns, stopping at the net lofts, the lifeboat house and the end of
      the pier to hear a story about each. The walks are free and take about
      an hour; bring warm clothes and sensible shoes.</p>
      <p><a href="/walks" data-route>See this winter's walks</a></p>`}),"/walks":()=>({title:"Walks · Lantern Walks",html:`<h1>This winter's walks</h1>
      <p>Walks start at the lifeboat house at six o'clock on the first and
      third Fridays of each month from November to February. If the wind is
      too strong for the lanterns the walk goes ahead with torches instead.</p>
      <ul>
        <li>The net lofts and the rope walk</li>
        <li>The lifeboat house and its launches</li>
        <li>The pier and the old signal station</li>
      </ul>
      <p><a href="/join" data-route>Join a walk</a></p>`}),"/join":()=>({title:"Join · Lantern Walks",html:`<h1>Join a walk</h1>
      <p>There is no need to book. Turn up at the lifeboat house a few minutes
      before six and a guide will hand you a lantern. Children are welcome
      with an adult, and dogs on short leads are welcome too.</p>`})};function h(){return{title:"Not found · Lantern Walks",html:`<h1>No walk goes here</h1><p>Lantern Walks has no page at this address.</p>
      <p><a href="/" data-route>Back to the start</a></p>`}}function r(){const t=(l[location.pathname]??h)();document.title=t.title,document.getElementById("app").innerHTML=t.html}document.addEventListener("click",t=>{const o=t.target.closest("a[data-route]");!o||t.defaultPrevented||t.button!==0||t.metaKey||t.ctrlKey||t.shiftKey||(t.preventDefault(),o.pathname!==location.pathname&&history.pushState(null,"",o.pathname),r(),window.scrollTo(0,0))});window.addEventListener("popstate",r);r();
